import { useEffect } from 'react';
import { shortcutFor } from './shortcut-list';

/** Where a key press is text being written, never a shortcut. */
const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
/** While one of these is open, keys belong to it (Escape closes it). */
const OPEN_LAYER = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/** Listens for the room's shortcuts while the room is shown. */
export function useShortcuts() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if ((event.target as Element | null)?.closest?.(TYPING) || document.querySelector(OPEN_LAYER)) return;
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run(event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

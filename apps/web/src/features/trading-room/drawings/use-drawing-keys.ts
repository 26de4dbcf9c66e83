import { useEffect, useRef } from 'react';

/** Where a key press is text being written, never a command on the drawings. */
const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
/** While one of these is open, keys belong to it. */
const OPEN_LAYER = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

type Commands = { undo: () => void; redo: () => void; remove: () => void; cancel: () => void };

/** The commands of the drawing tools on the keyboard: Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes, Delete deletes, Escape puts a tool away. */
export function useDrawingKeys(active: boolean, commands: Commands): void {
  const latest = useRef(commands);
  latest.current = commands;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      if ((event.target as Element | null)?.closest?.(TYPING) || document.querySelector(OPEN_LAYER)) return;
      const key = event.key.toLowerCase();
      const command = event.ctrlKey || event.metaKey ? (key === 'z' ? (event.shiftKey ? 'redo' : 'undo') : key === 'y' ? 'redo' : null) : event.key === 'Delete' || event.key === 'Backspace' ? 'remove' : event.key === 'Escape' ? 'cancel' : null;
      if (!command) return;
      event.preventDefault();
      latest.current[command]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}

import { msg } from '@/i18n/i18n';

/**
 * The trading room's keyboard shortcuts. Each acts on a control already on screen, marked with
 * `data-shortcut`, so a key does exactly what a click there does (margin checks, confirmations and
 * all) and a control that is not shown has no shortcut.
 */
export type Shortcut = { keys: readonly string[]; does: string; run: (event: KeyboardEvent) => void };

const target = (name: string) => document.querySelector<HTMLElement>(`[data-shortcut="${name}"]`);
const click = (name: string) => () => target(name)?.click();

/** Selects the pair tab `step` places from the selected one, wrapping around. */
function stepPair(step: number) {
  const tabs = [...document.querySelectorAll<HTMLElement>('[data-shortcut="pairs"] [role="tab"]')];
  if (tabs.length < 2) return;
  const at = tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
  tabs[(at + step + tabs.length) % tabs.length]?.click();
}

/** Asks to close the position whose row has the focus (its close button's confirmation opens). */
function closeFocusedPosition() {
  const row = document.activeElement?.closest<HTMLElement>('[data-shortcut="position"]');
  row?.querySelector<HTMLElement>('[data-shortcut="close-position"]')?.click();
}

export const shortcuts: readonly Shortcut[] = [
  { keys: ['B'], does: msg('Buy at the current price'), run: click('buy') },
  { keys: ['S'], does: msg('Sell at the current price'), run: click('sell') },
  { keys: ['C'], does: msg('Close the selected position (with confirmation)'), run: closeFocusedPosition },
  { keys: ['/'], does: msg('Search instruments'), run: () => target('search')?.focus() },
  { keys: [']'], does: msg('Next instrument'), run: () => stepPair(1) },
  { keys: ['['], does: msg('Previous instrument'), run: () => stepPair(-1) },
  { keys: ['P'], does: msg('Show or hide positions'), run: click('positions') },
  { keys: ['W'], does: msg('Show or hide the sidebar'), run: click('sidebar') },
  { keys: ['1', '2', '3', '4', '5'], does: msg('Open or close a panel of the left rail'), run: (event) => target(`panel-${event.key}`)?.click() },
  { keys: ['?'], does: msg('Show these shortcuts'), run: click('shortcut-sheet') },
];

/** The shortcut a key press asks for, if any. */
export function shortcutFor(event: KeyboardEvent): Shortcut | undefined {
  const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
  return shortcuts.find((s) => s.keys.includes(key));
}

/**
 * Stands in for an element (a link, bold text) inside a translated sentence, so translators get
 * the whole sentence and put the element where their language needs it:
 * `const [before, after] = aroundSlot(t('See the {{link}} page.', { link: SLOT }))`.
 */
export const SLOT = '\uE000';

/** The text before and after the slot (all of it before when the translation lost the slot). */
export function aroundSlot(text: string): [string, string] {
  const at = text.indexOf(SLOT);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + SLOT.length)];
}

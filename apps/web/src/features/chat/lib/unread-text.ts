type Translate = (key: string, options: { count: number }) => string;

/** The English forms (en/common.json), for where no catalogue runs. */
const english: Translate = (_key, { count }) => `You have ${count} unread message${count > 1 ? 's' : ''}, TAP TO VIEW`;

/** SPEC §2 unread alert text, with the plural only above one (the alert shows from one message up). */
export function unreadAlertText(count: number, t: Translate = english): string {
  return t('You have {{count}} unread messages, TAP TO VIEW', { count });
}

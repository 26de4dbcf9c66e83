/** SPEC §2 unread alert text, with the plural only above one. */
export function unreadAlertText(count: number): string {
  return `You have ${count} unread message${count > 1 ? 's' : ''}, TAP TO VIEW`;
}

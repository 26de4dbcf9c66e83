/**
 * Browser notifications (the Notification API). Permission is asked for when the customer sets an
 * alert, the moment it is needed, never on load; a refusal is final for this site, so it is asked
 * for only while the browser has no answer yet.
 */
export function askNotificationPermission(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch((error: unknown) => console.error('Notification permission request failed', error));
}

/** Shows a system notification when the customer allowed them; a click brings the app forward. */
export function showBrowserNotification(title: string, body: string, tag: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const note = new Notification(title, { body, tag, icon: '/favicon.svg' });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch (error) {
    // Some browsers only allow notifications from a service worker; the in-app one is still shown.
    console.error('Browser notification failed', error);
  }
}

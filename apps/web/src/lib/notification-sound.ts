import { soundEnabled } from '@/stores/preferences-store';

/** The site's notification sound (SPEC §7), served from public/. */
export const NOTIFICATION_SOUND_URL = '/notification.mp3';

let allowed = false;
let audio: HTMLAudioElement | null = null;

// Browsers refuse sound before the user has interacted with the page; wait for that first gesture.
function allow() {
  allowed = true;
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) window.removeEventListener(type, allow, true);
}

if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) window.addEventListener(type, allow, true);
}

/** Whether the user has interacted with the page, so sounds may play. */
export function audioAllowed(): boolean {
  return allowed;
}

/** Plays the notification chime once audio is allowed; failures are logged only (SPEC §8). */
export function playNotificationSound(): void {
  if (!allowed || !soundEnabled()) return;
  try {
    audio ??= new Audio(NOTIFICATION_SOUND_URL);
    audio.currentTime = 0;
    void audio.play().catch((error: unknown) => console.error('Notification sound failed', error));
  } catch (error) {
    console.error('Notification sound failed', error);
  }
}

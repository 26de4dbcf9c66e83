/**
 * Registers the service worker (public sw.js, built by service-worker/vite-plugin.ts) once the page
 * has loaded, so it never competes with the first screen for the network. Production builds only:
 * the development server has no sw.js and its modules must never come from a cache.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    // The app works the same without it; only the offline page and push are lost.
    console.warn('Service worker not registered', error);
  });
}

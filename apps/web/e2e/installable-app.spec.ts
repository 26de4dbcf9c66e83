import { expect, type Page } from '@playwright/test';
import { newCustomer, openSignedIn, screenshots, test } from './helpers';

/**
 * The installable app: its manifest and icons, the service worker that keeps the shell (and never
 * an API answer), the offline page, and the notification a Web Push shows. Runs against the
 * production build the server serves, where the worker registers.
 */

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** Waits until the service worker controls the page; its script's URL. */
async function controlledBy(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    return navigator.serviceWorker.controller!.scriptURL;
  });
}

/** Every URL in the page's caches. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });

test('the manifest is served and valid, with icons that load at their sizes', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Bourse', short_name: 'Bourse', start_url: '/', display: 'standalone', theme_color: '#0b1220', background_color: '#0b1220' });
  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
    const file = await request.get(icon.src);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await file.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
    purposes.add(icon.purpose);
  }
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect([...purposes].sort()).toEqual(['any', 'maskable']);
});

test('the service worker controls the app, keeps its shell and no API answer, and shows the offline page', async ({ page, context, baseURL }) => {
  const user = await newCustomer(baseURL!);
  await openSignedIn(page, user, '/main/settings');
  expect(await controlledBy(page)).toBe(`${baseURL}/sw.js`);
  // What Chromium checks before it offers to install the app (manifest, icons, a worker that serves
  // the start page): nothing of the app's stands in the way. A test's browser context is an
  // incognito profile, which Chromium never installs into.
  const cdp = await context.newCDPSession(page);
  const installability = async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
  await expect.poll(installability).toEqual([]);
  // With the worker in control, the settings screen asks the API for the customer's data again.
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/user/preferences') && r.ok());
  await page.reload();
  await answered;
  await expect(page.getByRole('switch', { name: 'Push notifications on this device' })).toBeVisible();
  const cached = await cachedUrls(page);
  expect(cached).toEqual(expect.arrayContaining([`${baseURL}/`, `${baseURL}/offline.html`, `${baseURL}/manifest.webmanifest`]));
  expect(cached.some((url) => url.includes('/assets/') && url.endsWith('.js'))).toBe(true);
  expect(cached.filter((url) => url.includes('/api/') || url.includes('/socket.io') || url.includes('/app/'))).toEqual([]);

  // The push switch, off on a device that has not subscribed.
  const pushSwitch = page.getByRole('switch', { name: 'Push notifications on this device' });
  await expect(pushSwitch).toBeEnabled();
  await expect(pushSwitch).toHaveAttribute('aria-checked', 'false');
  await screenshots(page, 'push-switch-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Push notifications on this device' })).toBeEnabled();
  await screenshots(page, 'push-switch-light');

  await context.setOffline(true);
  await page.goto('/main/accounts?never-visited');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await screenshots(page, 'offline-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await screenshots(page, 'offline-dark');
  // In the language the app was last shown in.
  await page.evaluate(() => localStorage.setItem('language-storage', 'fr'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Vous êtes hors ligne' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();

  // Back online, the page reloads by itself into the app's page.
  await page.evaluate(() => localStorage.setItem('language-storage', 'en'));
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Vous êtes hors ligne' })).toBeHidden();
  await expect(page).toHaveURL(/\/main\/accounts/);
  await expect(page.getByRole('heading', { name: 'Accounts', exact: true })).toBeVisible();
});

test('a push message shows a notification from the service worker', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/');
  await controlledBy(page);
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  const payload = { title: 'Price alert: EUR/USD', body: 'EUR/USD crossed above 1.105 (now 1.10612).', url: '/mt4', tag: 'alert-1' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data: JSON.stringify(payload) });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const shown = await (await navigator.serviceWorker.ready).getNotifications();
        return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
      }),
    )
    .toEqual([{ title: payload.title, body: payload.body, tag: 'alert-1', data: { url: '/mt4' } }]);
});

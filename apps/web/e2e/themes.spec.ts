import { expect, type Page } from '@playwright/test';
import { ADMIN, apiCall, newCustomer, openRoom, openSignedIn, screenshots, signIn, type Customer, test } from './helpers';

const DARK_BG = [11, 18, 32];
const LIGHT_BG = [243, 245, 249];

const html = (page: Page) => page.locator('html');

/** The colour most of the chart's main canvas is painted in: its background. */
async function chartBackground(page: Page): Promise<number[]> {
  return page.getByTestId('price-chart').evaluate((el) => {
    const canvases = [...el.querySelectorAll('canvas')].filter((c) => c.width > 0 && c.height > 0);
    const main = canvases.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    const ctx = main?.getContext('2d');
    if (!main || !ctx) return [];
    const { data } = ctx.getImageData(0, 0, main.width, main.height);
    const counts = new Map<string, number>();
    for (let i = 0; i < data.length; i += 4 * 7) {
      const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const [top] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    return top.split(',').map(Number);
  });
}

/** Waits for the chart's candles. */
const chartDrawn = (page: Page) => expect(page.getByTestId('price-chart')).not.toHaveAttribute('data-bars', '0', { timeout: 20_000 });

/** Opens the trading room as `user` once its chart has candles; returns the session. */
async function openChart(page: Page, user: Customer) {
  const session = await openRoom(page, user);
  await chartDrawn(page);
  return session;
}

test('light chosen in Settings is drawn before the app loads, survives a reload and follows the customer to another browser', async ({ page, browser, baseURL }) => {
  const user = await newCustomer(baseURL!);
  const { token } = await openSignedIn(page, user, '/main/settings');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();

  await page.locator('label').filter({ hasText: 'Light' }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('body')).toHaveCSS('background-color', `rgb(${LIGHT_BG.join(', ')})`);
  await expect.poll(async () => (await apiCall<{ data: { theme?: string } }>(baseURL!, 'GET', '/user/preferences', { token })).data.theme).toBe('light');

  // Reload with the app's code held back: the page is already light before any of it runs.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('body')).toHaveCSS('background-color', `rgb(${LIGHT_BG.join(', ')})`);
  await expect(page.getByRole('radio', { name: 'Light' })).toHaveCount(0);
  release();
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');

  // A browser that never saw this customer, on a dark device, is light once they sign in.
  const other = await browser.newContext({ colorScheme: 'dark' });
  const second = await other.newPage();
  await second.goto('/');
  await expect(html(second)).toHaveAttribute('data-theme', 'dark');
  await signIn(second, user);
  await expect(html(second)).toHaveAttribute('data-theme', 'light');
  await second.goto('/main/settings');
  await expect(second.getByRole('radio', { name: 'Light' })).toBeChecked();
  await other.close();
});

test('the chart is painted in the theme and repaints when the header toggle switches it', async ({ page, baseURL }) => {
  const { token } = await openChart(page, await newCustomer(baseURL!));
  await expect.poll(() => chartBackground(page)).toEqual(DARK_BG);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => chartBackground(page)).toEqual(LIGHT_BG);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await expect.poll(async () => (await apiCall<{ data: { theme?: string } }>(baseURL!, 'GET', '/user/preferences', { token })).data.theme).toBe('light');

  await page.reload();
  await chartDrawn(page);
  await expect.poll(() => chartBackground(page)).toEqual(LIGHT_BG);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect.poll(() => chartBackground(page)).toEqual(DARK_BG);
});

test('the trading room keeps each instrument’s interval, the open panels and their sizes per user', async ({ page, baseURL }) => {
  // Two instruments, drags, a reload and screenshots at two widths.
  test.slow();
  await openChart(page, await newCustomer(baseURL!));
  const interval = page.getByRole('group', { name: 'Interval' });
  const chart = page.getByTestId('price-chart');
  await interval.getByRole('button', { name: '5m', exact: true }).click();
  await expect(chart).toHaveAttribute('data-interval', '5m');

  await page.getByRole('button', { name: 'Add pair' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add pair' });
  await dialog.getByRole('tablist', { name: 'Instrument types' }).getByRole('tab', { name: /^Crypto/ }).click();
  await dialog.getByRole('textbox', { name: 'Search pairs' }).fill('ethereum');
  await dialog.getByRole('button', { name: 'Open ETH/USD' }).click();
  await expect(page.getByTestId('chart-title')).toContainText('ETH/USD');
  await expect(chart).toHaveAttribute('data-interval', '1m');
  await interval.getByRole('button', { name: '1h', exact: true }).click();

  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Market Watch' }).click();
  const sidebarSplitter = page.getByRole('separator', { name: 'Resize sidebar' });
  await sidebarSplitter.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(sidebarSplitter).toHaveAttribute('aria-valuenow', '320');
  const drawerSplitter = page.getByRole('separator', { name: 'Resize positions' });
  const box = (await drawerSplitter.boundingBox())!;
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.down();
  await page.mouse.move(middle.x, middle.y - 80, { steps: 4 });
  await page.mouse.up();
  await expect(drawerSplitter).toHaveAttribute('aria-valuenow', '280');
  await expect(page.getByTestId('positions-drawer')).toHaveCSS('height', '280px');
  await screenshots(page, 'trading-room-layout');

  // Reload at the bare address: the room comes back as it was left.
  await page.goto('/mt4');
  await expect(page.getByTestId('chart-title')).toContainText('ETH/USD');
  await expect(chart).toHaveAttribute('data-interval', '1h');
  await expect(interval.getByRole('button', { name: '1h', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('complementary', { name: 'Market Watch' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCSS('width', '320px');
  await expect(page.getByTestId('positions-drawer')).toHaveCSS('height', '280px');
  await page.getByRole('tablist', { name: 'Open pairs' }).getByRole('tab', { name: 'BTC/USD' }).click();
  await expect(chart).toHaveAttribute('data-interval', '5m');

  // Someone else signing in on this browser finds the room as the SPEC lays it out.
  await page.evaluate(() => localStorage.removeItem('user-storage'));
  // Through the login form: signing in is what hands the room over to the next customer.
  await signIn(page, await newCustomer(baseURL!));
  await page.goto('/mt4');
  await chartDrawn(page);
  await expect(chart).toHaveAttribute('data-interval', '1m');
  await expect(page.getByRole('complementary', { name: 'Market Watch' })).toHaveCount(0);
  await expect(page.getByTestId('positions-drawer')).toHaveCSS('height', '200px');
});

test.describe('on a device set to light', () => {
  test.use({ colorScheme: 'light' });

  test('a first visit is light, and the sign-in and client area screens read well in it', async ({ page, baseURL }) => {
    // Six screens, each with full-page screenshots at two widths.
    test.slow();
    await page.goto('/');
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await screenshots(page, 'light-login');

    const user = await newCustomer(baseURL!);
    await openSignedIn(page, user, '/main/dashboard');
    await expect(page.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();
    await expect(page.getByRole('figure', { name: /Balance/ })).toBeVisible();
    await screenshots(page, 'light-dashboard');
    await page.goto('/main/accounts');
    await expect(page.getByRole('heading', { name: 'Accounts', exact: true })).toBeVisible();
    await screenshots(page, 'light-accounts');
    await page.goto('/main/deposit');
    await expect(page.getByRole('heading', { name: 'Deposit', exact: true })).toBeVisible();
    await screenshots(page, 'light-deposit');
    await page.goto('/main/settings');
    await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
    await screenshots(page, 'light-settings');
    await page.goto('/main/marketplace');
    await expect(page.getByRole('heading', { name: 'MARKET PLACE', exact: true })).toBeVisible();
    await screenshots(page, 'light-marketplace');
  });

  test('the trading room and its dialogs are light', async ({ page, baseURL }) => {
    await openChart(page, await newCustomer(baseURL!));
    await expect.poll(() => chartBackground(page)).toEqual(LIGHT_BG);
    await screenshots(page, 'light-trading-room');
    await page.getByRole('button', { name: 'Account Plans' }).click();
    await expect(page.getByRole('dialog', { name: 'Account Plans' })).toBeVisible();
    await screenshots(page, 'light-dialog');
  });

  test('the back office is light', async ({ page }) => {
    await openSignedIn(page, ADMIN, '/admin/clients');
    await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await screenshots(page, 'light-admin-clients');
  });
});

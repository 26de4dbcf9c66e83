import { expect, type Page } from '@playwright/test';
import { newCustomer, openRoom, openSignedIn, screenshots, test } from './helpers';

/** Prices carry their instrument's digits: BTC/USD 2, EUR/USD 5. */
const BTC_PRICE = /^\d+\.\d{2}$/;
const EURUSD_PRICE = /^\d+\.\d{5}$/;

/** Opens the trading room as a new customer, its BTC/USD buttons priced with the instrument's digits. */
async function openNewRoom(page: Page, baseURL: string) {
  await openRoom(page, await newCustomer(baseURL));
  await expect(page.getByTestId('buy-price')).toHaveText(BTC_PRICE);
}

const sidebarWatch = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }).getByRole('region', { name: 'Market Watch' });
const rail = (page: Page) => page.getByRole('navigation', { name: 'Panels' });
const row = (scope: ReturnType<Page['locator']>, symbol: string) => scope.locator(`[data-testid="market-watch-row"][data-symbol="${symbol}"]`);

/** Candle pixels of the chart's canvases: green (up) and red (down) bodies, counted in the page. */
async function candlePixels(page: Page): Promise<number> {
  return page.getByTestId('price-chart').evaluate((el) => {
    // The candles are painted in the theme's up and down colours.
    const rgb = (name: string) => {
      const hex = getComputedStyle(document.documentElement).getPropertyValue(name).trim().slice(1);
      return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    };
    const colours = [rgb('--color-up'), rgb('--color-down')];
    let count = 0;
    for (const canvas of el.querySelectorAll('canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        if (colours.some(([r, g, b]) => Math.abs(data[i]! - r!) < 12 && Math.abs(data[i + 1]! - g!) < 12 && Math.abs(data[i + 2]! - b!) < 12)) count++;
      }
    }
    return count;
  });
}

test('the room at 1280 px: pair tab, live BUY/SELL prices, chart with candles, drawer and footer', async ({ page, baseURL }) => {
  await openNewRoom(page, baseURL!);
  await expect(page.getByRole('tablist', { name: 'Open pairs' }).getByRole('tab', { name: 'BTC/USD' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Add pair' })).toBeVisible();
  await expect(page.getByTestId('sell-price')).toHaveText(BTC_PRICE);
  await expect(page.getByTestId('feed-status')).toHaveAttribute('data-status', 'connected');

  const firstBuy = await page.getByTestId('buy-price').textContent();
  await expect.poll(() => page.getByTestId('buy-price').textContent(), { timeout: 20_000 }).not.toBe(firstBuy);
  expect(Number(await page.getByTestId('buy-price').textContent())).toBeGreaterThan(Number(await page.getByTestId('sell-price').textContent()));

  for (const label of ['Trade Room', 'Market Watch', 'Active Orders', 'Trading History', 'Calendar', 'Market News']) {
    await expect(rail(page).getByRole('button', { name: label })).toBeVisible();
  }

  await expect(page.getByTestId('chart-title')).toContainText('BTC/USD');
  await expect(page.getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1m' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('price-chart')).not.toHaveAttribute('data-bars', '0', { timeout: 15_000 });
  await expect.poll(() => candlePixels(page), { timeout: 10_000 }).toBeGreaterThan(200);
  await page.getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1h' }).click();
  await expect(page.getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1h' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => candlePixels(page), { timeout: 10_000 }).toBeGreaterThan(50);

  const drawer = page.getByTestId('positions-drawer');
  await expect(drawer.getByRole('tab', { name: 'ACTIVE POSITIONS' })).toHaveAttribute('aria-selected', 'true');
  await expect(drawer.getByText('No active positions found')).toBeVisible();
  await drawer.getByRole('tab', { name: 'POSITIONS HISTORY' }).click();
  await expect(drawer.getByText('No historical positions found')).toBeVisible();

  for (const [label, value] of [['balance', '$10,000.00'], ['equity', '$10,000.00'], ['margin', '$0.00'], ['free-margin', '$10,000.00'], ['p-l', '$0.00']]) {
    await expect(page.getByTestId(`footer-${label}`)).toHaveText(value!);
  }
  await screenshots(page, 'trading-room');

  await page.getByRole('button', { name: 'Hide positions' }).click();
  await expect(page.getByTestId('portfolio-bar')).toContainText('Total Portfolio');
  await screenshots(page, 'trading-room-drawer-collapsed');
  await page.getByRole('button', { name: 'Show Positions' }).click();
  await expect(page.getByTestId('positions-drawer')).toBeVisible();

  await page.getByRole('link', { name: 'DASHBOARD' }).click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);
});

test('market watch: live bid and ask, categories collapse, search, asset info and Trade Now', async ({ page, baseURL }) => {
  await openNewRoom(page, baseURL!);
  const watch = sidebarWatch(page);
  const forex = watch.getByRole('button', { name: /^Forex/ });
  await expect(forex).toHaveAttribute('aria-expanded', 'true');
  await expect(row(watch, 'EUR/USD').getByTestId('bid')).toHaveText(EURUSD_PRICE);
  await forex.click();
  await expect(forex).toHaveAttribute('aria-expanded', 'false');
  await expect(row(watch, 'EUR/USD')).toHaveCount(0);
  await forex.click();
  await expect(row(watch, 'EUR/USD')).toBeVisible();

  const search = watch.getByRole('textbox', { name: 'Search Market Watch' });
  await search.fill('bitcoin');
  const btc = row(watch, 'BTC/USD');
  await expect(btc).toBeVisible();
  const bid = await btc.getByTestId('bid').textContent();
  await expect.poll(() => btc.getByTestId('bid').textContent(), { timeout: 20_000 }).not.toBe(bid);
  await search.fill('ETHUSD');
  await expect(row(watch, 'ETH/USD')).toBeVisible();
  await search.fill('zzzz-no-such-thing');
  await expect(watch.getByText('No assets found')).toBeVisible();
  await search.fill('');

  await search.fill('ETH/USD');
  await row(watch, 'ETH/USD').getByRole('button', { name: 'About ETH/USD' }).click();
  const info = page.getByRole('dialog', { name: 'ETH/USD' });
  await expect(info.getByTestId('info-rate')).toHaveText(/^\d+\.\d+$/);
  for (const label of ['Symbol', '24h high', '24h low', 'Buy spread', 'Sell spread', '24h change', 'Contract size', 'Leverage']) {
    await expect(info.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(info.getByText('Trading schedule')).toBeVisible();
  await expect(info.getByText('24/7')).toBeVisible();
  await expect(info.getByText(/^Last updated \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  await screenshots(page, 'trading-room-asset-info');
  await info.getByRole('button', { name: 'Trade Now' }).click();
  await expect(info).toBeHidden();
  await expect(page.getByRole('tablist', { name: 'Open pairs' }).getByRole('tab', { name: 'ETH/USD' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('chart-title')).toContainText('ETH/USD');
});

test('pairs: the Add-pair dialog opens a pair, tabs switch and close, the star keeps a watchlist; the currency switcher converts the footer; both are remembered', async ({ page, baseURL }) => {
  await openNewRoom(page, baseURL!);
  await page.getByRole('button', { name: 'Add pair' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add pair' });
  const tabs = dialog.getByRole('tablist', { name: 'Instrument types' });
  for (const name of ['Watchlist', 'Forex', 'Stock', 'Crypto', 'Commodities', 'ETFs']) {
    await expect(tabs.getByRole('tab', { name: new RegExp(`^${name}\\s*\\d+$`) })).toBeVisible();
  }
  await expect(tabs.getByRole('tab', { name: /^Watchlist/ })).toHaveText(/Watchlist\s*0/);
  await tabs.getByRole('tab', { name: /^Crypto/ }).click();
  await dialog.getByRole('textbox', { name: 'Search pairs' }).fill('ethereum');
  await expect(tabs.getByRole('tab', { name: /^Crypto/ })).toHaveText(/Crypto\s*[1-9]/);
  await dialog.getByRole('button', { name: 'Add ETH/USD to watchlist' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove ETH/USD from watchlist' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('textbox', { name: 'Search pairs' }).fill('');
  await tabs.getByRole('tab', { name: /^Watchlist/ }).click();
  await expect(tabs.getByRole('tab', { name: /^Watchlist/ })).toHaveText(/Watchlist\s*1/);
  await expect(dialog.getByTestId('pair-row')).toHaveCount(1);
  await screenshots(page, 'trading-room-add-pair');
  await dialog.getByRole('button', { name: 'Open ETH/USD' }).click();
  await expect(dialog).toBeHidden();

  const pairs = page.getByRole('tablist', { name: 'Open pairs' });
  await expect(pairs.getByRole('tab', { name: 'ETH/USD' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('chart-title')).toContainText('ETH/USD');
  await pairs.getByRole('tab', { name: 'BTC/USD' }).click();
  await expect(page.getByTestId('chart-title')).toContainText('BTC/USD');
  await pairs.getByRole('tab', { name: 'ETH/USD' }).click();
  // The chip's × for the mouse; Delete on a focused tab does the same.
  await page.getByTitle('Close ETH/USD').click();
  await expect(pairs.getByRole('tab')).toHaveCount(1);
  await expect(pairs.getByRole('tab', { name: 'BTC/USD' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTitle('Close BTC/USD')).toHaveCount(0);

  const currency = page.getByRole('combobox', { name: 'Display currency' });
  await expect(currency).toHaveValue('USD');
  await currency.selectOption('EUR');
  await expect(page.getByTestId('footer-balance')).toHaveText('€9,200.00');

  await page.reload();
  await expect(page.getByTestId('buy-price')).toHaveText(BTC_PRICE, { timeout: 20_000 });
  await expect(currency).toHaveValue('EUR');
  await expect(page.getByTestId('footer-balance')).toHaveText('€9,200.00');
  await page.getByRole('button', { name: 'Add pair' }).click();
  await expect(dialog.getByRole('tablist').getByRole('tab', { name: /^Watchlist/ })).toHaveText(/Watchlist\s*1/);
});

test('rail panels toggle; calendar and news say they are offline; an unknown panel is under development', async ({ page, baseURL }) => {
  // The third-party widgets' provider refuses the connection, as a browser without internet finds
  // it: each panel says it is offline as soon as its script fails, not after its load timeout.
  await page.route('https://s3.tradingview.com/**', (route) => route.abort('internetdisconnected'));
  await openNewRoom(page, baseURL!);
  const marketWatch = rail(page).getByRole('button', { name: 'Market Watch' });
  await marketWatch.click();
  const panel = page.getByRole('complementary', { name: 'Market Watch' });
  await expect(panel.getByTestId('market-watch-row').first()).toBeVisible();
  await expect(marketWatch).toHaveAttribute('aria-pressed', 'true');
  await screenshots(page, 'trading-room-market-watch-panel');
  await marketWatch.click();
  await expect(panel).toBeHidden();

  await rail(page).getByRole('button', { name: 'Active Orders' }).click();
  await expect(page.getByRole('complementary', { name: 'Active Orders' }).getByText('No active orders found')).toBeVisible();
  await rail(page).getByRole('button', { name: 'Trading History' }).click();
  await expect(page.getByRole('complementary', { name: 'Trading History' }).getByText('No trading history found')).toBeVisible();
  await screenshots(page, 'trading-room-history-panel');

  await rail(page).getByRole('button', { name: 'Calendar' }).click();
  await expect(page.getByText('Economic calendar is offline')).toBeVisible();
  await screenshots(page, 'trading-room-calendar-offline');
  await rail(page).getByRole('button', { name: 'Market News' }).click();
  await expect(page.getByText('Market news is offline')).toBeVisible();
  await rail(page).getByRole('button', { name: 'Trade Room' }).click();
  await expect(page.getByRole('complementary', { name: 'Market News' })).toBeHidden();

  await page.goto('/mt4?panel=signals');
  await expect(page.getByText('This panel is under development')).toBeVisible();
  await screenshots(page, 'trading-room-unknown-panel');
});

test('under 768 px panels and the sidebar open as overlays over a dimmed backdrop', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openNewRoom(page, baseURL!);
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await rail(page).getByRole('button', { name: 'Market Watch' }).click();
  const panel = page.getByRole('complementary', { name: 'Market Watch' });
  await expect(panel.getByTestId('market-watch-row').first()).toBeVisible();
  await expect(page.getByTestId('panel-backdrop')).toBeVisible();
  expect((await panel.boundingBox())!.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'screenshots/trading-room-mobile-overlay-375.png' });
  await page.getByTestId('panel-backdrop').click({ position: { x: 360, y: 400 } });
  await expect(panel).toBeHidden();

  await page.getByRole('button', { name: 'Show sidebar' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('region', { name: 'Algo Trader' })).toBeVisible();
  await expect(sidebar.getByText('You have no Expert Advisors yet.')).toBeVisible();
  await page.screenshot({ path: 'screenshots/trading-room-mobile-sidebar-375.png' });
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
});

test('assets that fail to load say so with Retry and a toast; loading shows its text', async ({ page, baseURL }) => {
  let release: () => void = () => {};
  let mode: 'fail' | 'hold' | 'pass' = 'fail';
  await page.route('**/api/v1/assets', async (route) => {
    if (mode === 'fail') return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' });
    if (mode === 'hold') await new Promise<void>((r) => (release = r));
    return route.continue();
  });
  // Without the socket's snapshot, only GET /assets can fill the list.
  await page.route('**/api/v1/market/socket', (route) => route.abort());
  await openSignedIn(page, await newCustomer(baseURL!), '/mt4');
  const watch = sidebarWatch(page);
  await expect(watch.getByText('Failed to load assets')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to fetch assets. Please try again later.' })).toBeVisible();
  await page.getByTestId('notification-banner').getByRole('button', { name: 'Close' }).click();
  await screenshots(page, 'trading-room-assets-error');
  mode = 'hold';
  await watch.getByRole('button', { name: 'Retry' }).click();
  await expect(watch.getByText('Loading assets...')).toBeVisible();
  mode = 'pass';
  release();
  await expect(watch.getByTestId('market-watch-row').first()).toBeVisible({ timeout: 20_000 });
});

import { expect, type Locator, type Page } from '@playwright/test';
import { apiCall, newCustomer, openRoom, screenshots, type Customer, test } from './helpers';

type Account = { id: number; number: string; kind: 'demo' | 'live' };
type Paged = { data: { id: number }[] };

/** A new customer with a second demo account, and their API token. */
async function customerWithTwoDemos(baseURL: string): Promise<{ user: Customer; token: string; demo: Account; live: Account; second: Account }> {
  const user = await newCustomer(baseURL);
  const { data: login } = await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const { data } = await apiCall<{ data: { accounts: Account[] } }>(baseURL, 'POST', '/accounts', { token: login.token, body: { kind: 'demo' } });
  const [demo, second] = data.accounts.filter((a) => a.kind === 'demo');
  return { user, token: login.token, demo: demo!, live: data.accounts.find((a) => a.kind === 'live')!, second: second! };
}

/** The header and the footer both name the account, by kind in words and by number. */
async function expectAccount(page: Page, account: Account) {
  const word = account.kind === 'live' ? 'Live' : 'Demo';
  for (const tag of [page.getByTestId('room-account'), page.getByTestId('footer-account')]) {
    await expect(tag).toBeVisible();
    await expect(tag).toHaveAttribute('data-kind', account.kind);
    await expect(tag).toContainText(new RegExp(`^${word}\\s*${account.number}`));
  }
  // Not a colour alone: the word is drawn in capitals.
  await expect(page.getByTestId('room-account').locator('[data-kind]')).toHaveCSS('text-transform', 'uppercase');
}

async function switchTo(page: Page, account: Account) {
  await page.getByTestId('room-account').click();
  await page.getByRole('list', { name: 'Trading accounts' }).locator(`[data-testid="account-choice"][data-number="${account.number}"]`).click();
  await expectAccount(page, account);
}

const openTrades = async (baseURL: string, token: string, account: Account) =>
  (await apiCall<Paged>(baseURL, 'GET', `/open/trades?page=1&account_id=${account.id}`, { token })).data.length;

test('the room names the account it trades on and switches accounts, balance, positions and orders following, at 1280 and 375 px', async ({ page, baseURL }) => {
  test.slow();
  const { user, token, demo, live, second } = await customerWithTwoDemos(baseURL!);
  await openRoom(page, user);
  await expectAccount(page, demo);
  // The price feed's state says "prices", never the bare word an account kind uses.
  await expect(page.getByTestId('feed-status')).toHaveText('Prices live');

  await switchTo(page, live);
  await expect(page.getByTestId('footer-balance')).toHaveText('$0.00');

  await switchTo(page, second);
  await expect(page.getByTestId('footer-balance')).toHaveText('$10,000.00');
  await page.getByTestId('buy-button').click();
  const drawer = page.getByTestId('positions-drawer');
  await expect(drawer.getByTestId('position-row')).toHaveCount(1);
  await expect.poll(() => openTrades(baseURL!, token, second)).toBe(1);
  expect(await openTrades(baseURL!, token, demo)).toBe(0);
  await expect(page.getByTestId('footer-margin')).not.toHaveText('$0.00');

  await switchTo(page, demo);
  await expect(drawer.getByText('No active positions found')).toBeVisible();
  await expect(page.getByTestId('footer-margin')).toHaveText('$0.00');
  await screenshots(page, 'room-account');

  // On a phone: the same names, and the same switch.
  await page.setViewportSize({ width: 375, height: 812 });
  await expectAccount(page, demo);
  await switchTo(page, second);
  await expect(drawer.getByTestId('position-row')).toHaveCount(1);
  await page.getByTestId('room-account').click();
  await screenshots(page, 'room-account-switcher');
  await page.keyboard.press('Escape');
  await switchTo(page, live);
  await expect(page.getByTestId('footer-balance')).toHaveText('$0.00');
});

test('in Arabic the room names the account in Arabic, in the top bar and the footer', async ({ page, baseURL }) => {
  test.slow();
  const { user, token, demo } = await customerWithTwoDemos(baseURL!);
  await apiCall(baseURL!, 'PUT', '/user/preferences', { token, body: { language: 'ar' } });
  await openRoom(page, user, { keepNotice: true });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('notification-banner').getByRole('button').first().click();
  for (const tag of [page.getByTestId('room-account'), page.getByTestId('footer-account')]) {
    await expect(tag).toContainText(`تجريبي`);
    await expect(tag).toContainText(demo.number);
  }
  await screenshots(page, 'room-account-ar');
});

/** Whether `tab` is wholly inside the visible part of `strip`, its text not cut. */
async function fullyShown(strip: Locator, tab: Locator): Promise<boolean> {
  const [box, inner] = [await strip.boundingBox(), await tab.boundingBox()];
  const uncut = await tab.evaluate((el) => el.scrollWidth <= el.clientWidth);
  return !!box && !!inner && inner.x >= box.x - 0.5 && inner.x + inner.width <= box.x + box.width + 0.5 && uncut;
}

test('pair tabs: three open pairs show whole at 1280 px, more scroll and each is reached by keyboard; a search finds Ether from the Forex tab', async ({ page, baseURL }) => {
  test.slow();
  await openRoom(page, await newCustomer(baseURL!));
  const strip = page.getByRole('tablist', { name: 'Open pairs' });
  const open = async (search: string, symbol: string) => {
    await page.getByRole('button', { name: 'Add pair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add pair' });
    await dialog.getByRole('textbox', { name: 'Search pairs' }).fill(search);
    await expect(dialog.getByText('Matches in every category')).toBeVisible();
    await dialog.locator(`[data-testid="pair-row"][data-symbol="${symbol}"]`).getByRole('button', { name: /^Open / }).click();
    await expect(strip.getByRole('tab', { name: symbol })).toHaveAttribute('aria-selected', 'true');
  };
  // The dialog opens on Forex; a search looks in every category all the same.
  await page.getByRole('button', { name: 'Add pair' }).click();
  await expect(page.getByRole('dialog', { name: 'Add pair' }).getByRole('tab', { name: /^Forex/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await open('ETH', 'ETH/USD');
  await open('EUR/USD', 'EUR/USD');
  // A currency pair's name is its symbol: said once.
  await expect(page.getByTestId('chart-title')).toHaveText('EUR/USD · UTC');
  for (const symbol of ['BTC/USD', 'ETH/USD', 'EUR/USD']) expect(await fullyShown(strip, strip.getByRole('tab', { name: symbol })), symbol).toBe(true);
  await screenshots(page, 'room-pair-tabs');

  // Many more open pairs (kept in the browser, as a returning customer has them), then one more opened.
  const many = ['BTC/USD', 'ETH/USD', 'EUR/USD', 'GBP/USD', 'USD/JPY', 'AUD/USD', 'USD/CHF', 'NZD/USD', 'USD/CAD', 'EUR/GBP', 'EUR/JPY', 'GBP/JPY'];
  // Written as the next page starts: the page closing saves its own pairs first.
  await page.addInitScript((pairs) => {
    if (sessionStorage.getItem('pairs-seeded')) return;
    sessionStorage.setItem('pairs-seeded', '1');
    const saved = JSON.parse(localStorage.getItem('asset-storage')!);
    localStorage.setItem('asset-storage', JSON.stringify({ ...saved, state: { ...saved.state, activePairs: pairs, activePair: pairs[0] } }));
  }, many);
  await page.reload();
  await expect(strip.getByRole('tab')).toHaveCount(many.length);
  await open('XAU', 'XAUUSD');
  // The newest is shown; the first has scrolled away and comes back when reached by keyboard.
  expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await fullyShown(strip, strip.getByRole('tab', { name: 'XAUUSD' }))).toBe(true);
  expect(await fullyShown(strip, strip.getByRole('tab', { name: 'BTC/USD' }))).toBe(false);
  await strip.getByRole('tab', { name: 'ETH/USD' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(strip.getByRole('tab', { name: 'BTC/USD' })).toBeFocused();
  await expect.poll(() => fullyShown(strip, strip.getByRole('tab', { name: 'BTC/USD' }))).toBe(true);
  await page.keyboard.press('Enter');
  await expect(strip.getByRole('tab', { name: 'BTC/USD' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('chart-title')).toHaveText('BTC/USD · Bitcoin · UTC');
});

/** Leftmost column of the chart's canvases painted in a candle colour, as a share of the chart's width. */
async function firstCandleAt(page: Page): Promise<number> {
  return page.getByTestId('price-chart').evaluate((el) => {
    const rgb = (name: string) => {
      const hex = getComputedStyle(document.documentElement).getPropertyValue(name).trim().slice(1);
      return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    };
    const colours = [rgb('--color-up'), rgb('--color-down')];
    let left = 1;
    for (const canvas of el.querySelectorAll('canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
      const { data, width } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        if (colours.some(([r, g, b]) => Math.abs(data[i]! - r!) < 12 && Math.abs(data[i + 1]! - g!) < 12 && Math.abs(data[i + 2]! - b!) < 12)) {
          left = Math.min(left, ((i / 4) % width) / width);
        }
      }
    }
    return left;
  });
}

test('the 1D chart opens on more than a year of daily bars that fill it from the left', async ({ page, baseURL }) => {
  test.slow();
  await openRoom(page, await newCustomer(baseURL!));
  await page.getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1D' }).click();
  const chart = page.getByTestId('price-chart');
  await expect(chart).toHaveAttribute('data-interval', '1D');
  await expect.poll(async () => Number(await chart.getAttribute('data-bars')), { timeout: 15_000 }).toBeGreaterThanOrEqual(365);
  await expect.poll(() => firstCandleAt(page), { timeout: 10_000 }).toBeLessThan(0.1);
  await screenshots(page, 'room-chart-1d');
});

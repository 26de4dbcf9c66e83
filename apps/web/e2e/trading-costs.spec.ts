import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { adminToken, apiCall, newCustomer, openRoom, screenshots, test } from './helpers';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const drawer = (page: Page) => page.getByTestId('positions-drawer');

test('a customer in a commission group sees the costs before the order, in the receipt, the positions, the history and the ledger', async ({ page, baseURL }) => {
  test.slow();
  const admin = await adminToken(baseURL!);
  // 3.50 a lot a side, at least 0.50: the room's 0.01 lot of BTC/USD pays the minimum on each side.
  const group = await apiCall<{ data: { id: number } }>(baseURL!, 'POST', '/admin/groups', {
    token: admin,
    body: { name: `Raw e2e ${Date.now()}`, commission_mode: 'per_lot', commission_rate: 3.5, commission_min: 0.5, currency: 'USD' },
  });
  const user = await newCustomer(baseURL!);
  const client = await apiCall<{ data: { accounts: { id: number; kind: string }[] } }>(baseURL!, 'GET', `/admin/clients/${user.id}`, { token: admin });
  const demo = client.data.accounts.find((a) => a.kind === 'demo')!;
  await apiCall(baseURL!, 'PUT', `/admin/accounts/${demo.id}/group`, { token: admin, body: { group_id: group.data.id } });

  const { token } = await openRoom(page, user);
  // Before the order: the spread now, the commission of both sides, a night's swap long and short.
  const costs = page.getByTestId('order-costs');
  await expect(costs.getByTestId('cost-commission')).toHaveText('$1.00');
  await expect(costs.getByTestId('cost-spread')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(costs.getByTestId('cost-swap')).toHaveText(/^-?\$\d+\.\d\d \/ -?\$\d+\.\d\d$/);
  // Each also as a share of the order's value, which the server computed from the same figures:
  // the percentages shown agree with the amounts and the notional the answer carried.
  await expect(costs.getByTestId('cost-total')).toHaveText(/^\$\d+\.\d\d$/);
  const amount = async (id: string) => Number((await costs.getByTestId(id).textContent())!.replace(/[^\d.-]/g, ''));
  const notional = Number(await costs.getAttribute('data-notional'));
  expect(notional).toBeGreaterThan(0);
  for (const [money, share] of [['cost-spread', 'cost-spread-percent'], ['cost-commission', 'cost-commission-percent'], ['cost-total', 'cost-total-percent']] as const) {
    await expect(costs.getByTestId(share)).toHaveText(/^ \(\d+\.\d{2,4}%\)$/);
    expect(Math.abs((await amount(share)) - ((await amount(money)) / notional) * 100), share).toBeLessThan(0.00006);
  }
  await expect(costs.getByTestId('cost-swap-percent')).toHaveText(/^ \(-?\d+\.\d{2,4}% \/ -?\d+\.\d{2,4}%\)$/);
  expect(await amount('cost-total')).toBeCloseTo((await amount('cost-spread')) + 1, 2);
  await screenshots(page, 'trading-room-costs');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await screenshots(page, 'trading-room-costs-light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();

  await page.getByTestId('buy-button').click();
  await expect(toast(page, 'Buy order placed').getByTestId('fill-receipt')).toContainText('commission $0.50');
  const row = drawer(page).getByTestId('position-row').first();
  // Open: the opening commission in its details (the table beside a panel has no room for a column).
  await row.getByTestId('trade-details-button').click();
  await expect(page.getByTestId('trade-details').getByTestId('details-commission')).toHaveText(/^[-−]\$0\.50$/);
  await page.keyboard.press('Escape');

  await row.getByTestId('close-position').click();
  await page.getByRole('dialog', { name: 'Close position' }).getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'Position successfully closed')).toBeVisible();
  // History: the trade's commission of both sides, and its net P/L in the details.
  await drawer(page).getByRole('tab', { name: 'Positions History' }).click();
  const past = drawer(page).getByTestId('history-row').first();
  await expect(past.getByTestId('position-commission')).toHaveText(/^[-−]\$1\.00$/);
  await past.getByTestId('trade-details-button').click();
  const details = page.getByTestId('trade-details');
  await expect(details.getByTestId('details-commission')).toHaveText(/^[-−]\$1\.00$/);
  await expect(details.getByTestId('details-net')).toHaveText(/^[-−]?\$[\d,]+\.\d\d$/);
  await screenshots(page, 'trade-details-costs');

  const closed = await apiCall<{ data: { id: number; commission: string; pnl: string }[] }>(baseURL!, 'GET', `/closed/trades?account_id=${demo.id}`, { token });
  expect(closed.data[0]!.commission).toBe('-1.00');
  const history = await apiCall<{ data: { activity: { kind: string; amount: string }[] } }>(baseURL!, 'GET', `/accounts/${demo.id}/history?range=30d`, { token });
  expect(history.data.activity.filter((e) => e.kind === 'commission').map((e) => e.amount)).toEqual(['-0.50', '-0.50']);
});

test('the ticket\'s costs and their percentages read in Arabic, right to left', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  await page.addInitScript(() => localStorage.setItem('language-storage', 'ar'));
  await openRoom(page, user, { keepNotice: true });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../src/i18n/locales/ar/common.json'), 'utf8')) as Record<string, string>;
  const costs = page.getByTestId('order-costs');
  await expect(costs).toContainText(arabic.Total!);
  await expect(costs).toContainText(arabic['Swap / night']!);
  // The total's percentage as the app writes numbers for an Arabic reader (Latin digits, Arabic signs).
  const share = Number(await costs.getAttribute('data-total-percent'));
  expect(share).toBeGreaterThan(0);
  await expect(costs.getByTestId('cost-total-percent')).toContainText(new Intl.NumberFormat('ar-u-nu-latn', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(share / 100));
  await screenshots(page, 'trading-room-costs-ar');
});

test('a customer in a group with a markup sees and trades the wider quote, in the ticket and the market watch alike', async ({ page, baseURL }) => {
  test.slow();
  const admin = await adminToken(baseURL!);
  // 10,000 points of BTC/USD (2 digits) are 100.00 on each side; 50 of EUR/USD (5 digits) 0.00050.
  const group = await apiCall<{ data: { id: number } }>(baseURL!, 'POST', '/admin/groups', {
    token: admin,
    body: { name: `Markup e2e ${Date.now()}`, commission_mode: 'none', markup: { cryptos: 10_000, EURUSD: 50 } },
  });
  const user = await newCustomer(baseURL!);
  const client = await apiCall<{ data: { accounts: { id: number; kind: string }[] } }>(baseURL!, 'GET', `/admin/clients/${user.id}`, { token: admin });
  const demo = client.data.accounts.find((a) => a.kind === 'demo')!;
  await apiCall(baseURL!, 'PUT', `/admin/accounts/${demo.id}/group`, { token: admin, body: { group_id: group.data.id } });

  const { token } = await openRoom(page, user);
  const assets = await apiCall<{ data: { symbol_display: string; buy_spread: number; sell_spread: number }[] }>(baseURL!, 'GET', '/assets', { token });
  const spreadOf = (symbol: string) => {
    const asset = assets.data.find((a) => a.symbol_display === symbol)!;
    return asset.buy_spread + asset.sell_spread;
  };
  // One frame's prices: the ticket's buttons (BTC/USD) and the market watch's row of EUR/USD.
  const prices = () =>
    page.evaluate(() => {
      const number = (el: Element | null | undefined) => Number(el?.textContent?.replace(/[^\d.]/g, ''));
      const row = document.querySelector('[data-testid="market-watch-row"][data-symbol="EUR/USD"]');
      const testid = (id: string) => `[data-testid="${id}"]`;
      return { buy: number(document.querySelector(testid('buy-price'))), sell: number(document.querySelector(testid('sell-price'))), bid: number(row?.querySelector(testid('bid'))), ask: number(row?.querySelector(testid('ask'))) };
    });
  // Each instrument's own spread plus the group's markup on each side.
  const widened = (ask: number, bid: number, spread: number, markup: number) => ask - bid - ((ask + bid) / 2) * spread - 2 * markup;
  await expect
    .poll(async () => {
      const p = await prices();
      return [Math.abs(widened(p.buy, p.sell, spreadOf('BTC/USD'), 100)) < 1, Math.abs(widened(p.ask, p.bid, spreadOf('EUR/USD'), 0.0005)) < 0.00002];
    })
    .toEqual([true, true]);
  await screenshots(page, 'trading-room-group-markup');

  const before = await prices();
  await page.getByTestId('buy-button').click();
  await expect(toast(page, 'Buy order placed')).toBeVisible();
  const position = drawer(page).getByTestId('position-row').first();
  await expect(position).toBeVisible();
  // Filled at the wider ask the buttons showed (a tick may have moved it a little), not at the instrument's.
  const opened = Number((await position.getByTestId('position-open-price').textContent())!.replace(/[^\d.]/g, ''));
  expect(Math.abs(opened - before.buy) / before.buy).toBeLessThan(0.002);
  expect(opened - before.sell).toBeGreaterThan(200);
  // The position is valued where it would close: the sell price the ticket shows, the group's markup below the bid.
  await expect
    .poll(async () => {
      const current = Number((await position.getByTestId('position-price').textContent())!.replace(/[^\d.]/g, ''));
      return Math.abs(current - (await prices()).sell) < 50;
    })
    .toBe(true);
});

test('the chart and the ticket show where the account would be stopped out, moving with each order', async ({ page, baseURL }) => {
  test.slow();
  const user = await newCustomer(baseURL!);
  const { token } = await openRoom(page, user);
  const levels = page.getByTestId('liquidation-levels');
  // Nothing held on BTC/USD: no level on the chart; the ticket tells where a 1-lot order would put it.
  await expect(levels).toHaveAttribute('data-stop-out', '');
  await page.getByTestId('volume-input').fill('1');
  await expect(page.getByTestId('order-stop-out')).toContainText(/Stop-out after a buy [\d,]+\.\d{2} · after a sell/);

  await page.getByTestId('buy-button').click();
  await expect(toast(page, 'Buy order placed')).toBeVisible();
  await expect(levels).not.toHaveAttribute('data-stop-out', '');
  const read = async () => ({ stopOut: Number(await levels.getAttribute('data-stop-out')), marginCall: Number(await levels.getAttribute('data-margin-call')) });
  const first = await read();
  // The server's figures: stop-out where equity falls to 50 % of the margin, one BTC held.
  const summary = (await apiCall<{ data: { equity: string; margin: string; stopOutLevel: number; marginCallLevel: number } }>(baseURL!, 'GET', '/account/summary', { token })).data;
  const bid = Number(await page.getByTestId('sell-price').textContent());
  const expected = bid - (Number(summary.equity) - (summary.stopOutLevel / 100) * Number(summary.margin));
  expect(Math.abs(first.stopOut - expected) / expected).toBeLessThan(0.01);
  expect(first.marginCall).toBeGreaterThan(first.stopOut);
  await expect(levels).toContainText(/Margin call at [\d,]+\.\d{2}\. Stop-out at [\d,]+\.\d{2}/);
  await screenshots(page, 'trading-room-liquidation-levels');

  // Another 0.3 lot brings the stop-out closer to the market.
  await page.getByTestId('volume-input').fill('0.3');
  await page.getByTestId('buy-button').click();
  await expect(drawer(page).getByTestId('position-row')).toHaveCount(2);
  await expect.poll(async () => (await read()).stopOut, { timeout: 10_000 }).toBeGreaterThan(first.stopOut + 1000);
});

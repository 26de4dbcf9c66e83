import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { adminToken, apiCall, type Customer, newCustomer, openSignedIn, screenshots, test } from './helpers';

type Account = { id: number; kind: string; number: string; balance: string };
type Ledger = { data: { points: { balance: string }[]; equity_points: { equity: string }[]; pnl_lifetime: string; pnl_today: string; activity: { kind: string }[] } };

const money = (v: string | number) => Number(v).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const month = () => new Date().toISOString().slice(0, 7);
const monthName = () => new Date(`${month()}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

async function login(baseURL: string, user: Customer) {
  const { data } = await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const accounts = (await apiCall<{ data: { accounts: Account[] } }>(baseURL, 'GET', '/user', { token: data.token })).data.accounts;
  return { token: data.token, demo: accounts.find((a) => a.kind === 'demo')!, live: accounts.find((a) => a.kind === 'live')! };
}

/** A demo top-up and a BTC trade opened and closed through the API, so the ledger has realised P&L. */
async function tradeOnce(baseURL: string, token: string, accountId: number) {
  await apiCall(baseURL, 'POST', '/deposits/demo', { token, body: { account_id: accountId, amount: 1500 } });
  const btc = (await apiCall<{ data: { asset_id: number; symbol: string; buy_price: number }[] }>(baseURL, 'GET', '/assets', { token })).data.find((a) => a.symbol === 'BTCUSD')!;
  const opened = await apiCall<{ data: { id: number } }>(baseURL, 'POST', '/trades/store', { token, body: { account_id: accountId, type: 'buy', id: btc.asset_id, volume: 0.05, opening_price: btc.buy_price } });
  await apiCall(baseURL, 'POST', `/trade/${opened.data.id}/close`, { token });
}

const region = (page: Page, name: string) => page.getByRole('region', { name });

test('a customer with activity sees the balance chart, realised P&L from the ledger and recent activity, and downloads a statement', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  const { token, demo } = await login(baseURL!, user);
  await tradeOnce(baseURL!, token, demo.id);
  const ledger = await apiCall<Ledger>(baseURL!, 'GET', `/accounts/${demo.id}/history?range=90d`, { token });
  expect(Number(ledger.data.pnl_lifetime)).not.toBe(0);

  await openSignedIn(page, user, '/main/dashboard');
  await expect(page.getByLabel('Profit and loss')).toContainText(`Lifetime realised P&L${money(ledger.data.pnl_lifetime)}`);
  await expect(page.getByLabel('Profit and loss')).toContainText(`Today's realised P&L${money(ledger.data.pnl_today)}`);
  await expect(page.getByLabel('Profit and loss')).toContainText('Open positions0');
  const chart = region(page, 'Performance').getByRole('figure', { name: 'Balance and equity over time' });
  await expect(chart).toHaveAttribute('data-points', String(ledger.data.points.length));
  // The equity snapshot job may add a point between the fetch above and the page's own.
  const equityPoints = Number(await chart.getAttribute('data-equity-points'));
  const later = await apiCall<Ledger>(baseURL!, 'GET', `/accounts/${demo.id}/history?range=90d`, { token });
  expect(equityPoints).toBeGreaterThanOrEqual(ledger.data.equity_points.length);
  expect(equityPoints).toBeLessThanOrEqual(later.data.equity_points.length);
  await expect(chart.locator('canvas').first()).toBeVisible();
  const summary = await apiCall<{ data: { equity: string } }>(baseURL!, 'GET', `/account/summary?account_id=${demo.id}`, { token });
  await expect(region(page, 'Performance')).toContainText(`Equity (balance + open P&L) · now ${money(summary.data.equity)}`);

  const activity = region(page, 'Recent activity').getByTestId('activity');
  await expect(activity).toHaveCount(ledger.data.activity.length);
  await expect(activity.first()).toContainText(/BTCUSD buy 0\.05 closed/);
  await expect(activity.nth(1)).toContainText('Deposit');
  await expect(activity.nth(1)).toContainText('$1,500.00');

  // Another period asks the server again; the line still ends at today's balance.
  await region(page, 'Performance').getByRole('button', { name: '1Y' }).click();
  await expect(region(page, 'Performance').getByRole('button', { name: '1Y' })).toHaveAttribute('aria-pressed', 'true');
  for (const name of ['Open the trading room', 'Deposit', 'Talk to support']) await expect(page.getByRole('list', { name: 'Shortcuts' }).getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  await screenshots(page, 'dashboard');

  const statements = region(page, 'Statements');
  await expect(statements.getByRole('list', { name: 'Statement months' })).toContainText(monthName());
  const [pdf] = await Promise.all([page.waitForEvent('download'), statements.getByRole('button', { name: `${monthName()} PDF` }).click()]);
  expect(pdf.suggestedFilename()).toBe(`statement-${demo.number}-${month()}.pdf`);
  const bytes = await readFile((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).toMatch(/\/Type \/Pages\s*\/Count 1/);
  const [csv] = await Promise.all([page.waitForEvent('download'), statements.getByRole('button', { name: `${monthName()} CSV` }).click()]);
  const rows = (await readFile((await csv.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(rows[0]).toMatch(/^Account,Currency,Section,/);
  const balance = (await apiCall<{ data: { accounts: Account[] } }>(baseURL!, 'GET', '/user', { token })).data.accounts.find((a) => a.id === demo.id)!.balance;
  expect(rows.find((r) => r.includes(',Closing balance,'))).toContain(`,${balance},`);
  expect(rows.filter((r) => r.includes(',Closed trade,'))).toHaveLength(1);
});

test('a new live account shows empty states, and a failed history load offers a retry', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  const { live } = await login(baseURL!, user);
  await openSignedIn(page, user, '/main/accounts');
  await page.getByTestId('account-card').filter({ hasText: live.number }).getByRole('button', { name: 'Use this account' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  await expect(region(page, 'Performance')).toContainText('No activity yet');
  await expect(region(page, 'Recent activity')).toContainText('Nothing yet');
  await expect(region(page, 'Statements')).toContainText('No statements yet');
  await expect(page.getByLabel('Profit and loss')).toContainText('Lifetime realised P&L$0.00');
  await screenshots(page, 'dashboard-empty');

  let fail = true;
  await page.route('**/api/v1/accounts/*/history*', (route) => (fail ? route.abort('failed') : route.continue()));
  await region(page, 'Performance').getByRole('button', { name: '30D' }).click();
  await expect(region(page, 'Performance')).toContainText('The balance history could not be loaded.', { timeout: 30_000 });
  fail = false;
  await region(page, 'Performance').getByRole('button', { name: 'Retry' }).click();
  await expect(region(page, 'Performance')).toContainText('No activity yet');
});

test('a customer not yet approved is told nothing is under review while the operator does not require approval', async ({ page, baseURL }) => {
  expect((await apiCall<{ data: { must_verify_account: boolean } }>(baseURL!, 'GET', '/settings')).data.must_verify_account).toBe(false);
  const user = await newCustomer(baseURL!, { approve: false });
  const client = await apiCall<{ data: { status: string } }>(baseURL!, 'GET', `/admin/clients/${user.id}`, { token: await adminToken(baseURL!) });
  expect(client.data.status).toBe('pending');
  await openSignedIn(page, user, '/main/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();
  await expect(page.getByLabel('Profit and loss')).toBeVisible();
  await expect(page.getByText('Account under review')).toHaveCount(0);
  await expect(page.getByText(/reviewing your account/)).toHaveCount(0);
});

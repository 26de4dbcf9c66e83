import { expect, type Browser, type BrowserContext, type Locator, type Page, request as playwrightRequest } from '@playwright/test';
import { ADMIN, adminToken, apiCall, type Customer, newCustomer, openSignedIn, screenshots, test } from './helpers';
import { navigate } from './support/navigate';
import { RETRY_MS } from '../src/config/constants';
import { expectAfterTimers } from './support/clock';

type Account = { id: number; kind: string; number: string };
type Asset = { asset_id: number; symbol: string; buy_price: number };

const opened: BrowserContext[] = [];
async function signedIn(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 800 } });
  opened.push(context);
  const page = await context.newPage();
  await openSignedIn(page, user, '/admin/clients');
  return page;
}
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

async function login(baseURL: string, user: Customer) {
  const { data } = await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const accounts = (await apiCall<{ data: { accounts: Account[] } }>(baseURL, 'GET', '/user', { token: data.token })).data.accounts;
  return { token: data.token, demo: accounts.find((a) => a.kind === 'demo')! };
}

/** A multipart POST (a document upload) through Playwright's request context. */
async function post(baseURL: string, token: string, path: string, opts: { data?: unknown; multipart?: Record<string, unknown>; headers?: Record<string, string> }) {
  const ctx = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await ctx.post(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}`, ...opts.headers }, data: opts.data, multipart: opts.multipart as never });
    if (!res.ok()) throw new Error(`POST ${path} → ${res.status()} ${await res.text()}`);
    return res.json();
  } finally {
    await ctx.dispose();
  }
}

/** A member of support staff: a registered user an admin gave the role to. */
async function newSupport(baseURL: string): Promise<Customer> {
  const agent = await newCustomer(baseURL);
  await apiCall(baseURL, 'PATCH', `/admin/clients/${agent.id}/role`, { token: await adminToken(baseURL), body: { role: 'support' } });
  return agent;
}

async function openClient(page: Page, customer: Customer) {
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(customer.email);
  await expect(page.getByText('1 client match')).toBeVisible();
  await page.getByRole('button', { name: `${customer.firstName} Tester` }).filter({ visible: true }).click();
  const dialog = page.getByRole('dialog', { name: `${customer.firstName} Tester` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the client detail shows the customer\'s open positions, pending orders and closed trades per account, page by page', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const { token, demo } = await login(baseURL!, customer);
  const btc = (await apiCall<{ data: Asset[] }>(baseURL!, 'GET', '/assets', { token })).data.find((a) => a.symbol === 'BTCUSD')!;
  const order = (extra: Record<string, unknown> = {}) => ({ account_id: demo.id, type: 'buy', id: btc.asset_id, volume: 0.01, opening_price: btc.buy_price, ...extra });
  const closing = await apiCall<{ data: { id: number } }>(baseURL!, 'POST', '/trades/store', { token, body: order({ type: 'sell' }) });
  await apiCall(baseURL!, 'POST', `/trade/${closing.data.id}/close`, { token });
  await apiCall(baseURL!, 'POST', '/trades/store', { token, body: order({ order_type: 'limit', price: Math.round(btc.buy_price / 2) }) });
  // Who placed a robot's or the Auto Trader's trade is covered on the server (admin-trades.test.ts):
  // clients cannot send the keys that mark them.
  for (let i = 0; i < 21; i++) await apiCall(baseURL!, 'POST', '/trades/store', { token, body: order() });

  const page = await signedIn(browser, ADMIN);
  const dialog = await openClient(page, customer);
  await dialog.getByRole('tab', { name: 'Trades' }).click();
  // The live account comes first, and it has not traded.
  await expect(dialog.getByText('No open positions')).toBeVisible();
  await dialog.getByLabel('Account').selectOption(String(demo.id));
  const table = dialog.getByRole('region', { name: 'Open positions' });
  await expect(table.getByTestId('client-trade')).toHaveCount(20);
  await expect(dialog.getByText('21 open positions')).toBeVisible();
  await expect(table.getByTestId('client-trade').first()).toContainText('Customer');
  await expect(table.getByRole('columnheader')).toHaveText(['Instrument', 'Side', 'Lots', 'Open price', 'Current price', 'P&L', 'Opened', 'Placed by']);
  await screenshots(page, 'admin-client-trades');

  const pages = dialog.getByRole('navigation', { name: 'Pages of open positions' });
  await expect(pages).toContainText('Page 1 of 2');
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Page 2 of 2');
  await expect(table.getByTestId('client-trade')).toHaveCount(1);
  await screenshots(page, 'admin-client-trades-page-2');

  // The lists are tabs: the arrow keys move between them.
  await dialog.getByRole('tab', { name: 'Open positions' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Pending orders' })).toHaveAttribute('aria-selected', 'true');
  const pending = dialog.getByRole('region', { name: 'Pending orders' });
  await expect(pending.getByTestId('client-trade')).toHaveCount(1);
  await expect(pending).toContainText('buy limit');
  await page.keyboard.press('ArrowRight');
  const closed = dialog.getByRole('region', { name: 'Closed trades' });
  await expect(closed.getByTestId('client-trade')).toHaveCount(1);
  await expect(closed).toContainText('Closed by hand');
  await expect(closed.getByTestId('client-trade')).toContainText(/-?\$\d+\.\d{2}/);

  // On a phone the dialog keeps to the screen; the tables scroll sideways inside their card.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => closed.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await dialog.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await closed.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => closed.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('a failed trades list says so and Retry loads it', async ({ page, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  await page.clock.install();
  await openSignedIn(page, ADMIN, '/admin/clients');
  const dialog = await openClient(page, customer);
  await page.route('**/api/v1/admin/clients/*/trades?*', (route) => route.fulfill({ status: 500, json: { message: 'Server Error.' } }));
  await dialog.getByRole('tab', { name: 'Trades' }).click();
  // Said once the one retry has failed too.
  await expectAfterTimers(page, RETRY_MS, () => dialog.getByText('Failed to load the open positions').isVisible());
  await page.unroute('**/api/v1/admin/clients/*/trades?*');
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByText('No open positions')).toBeVisible();
});

/** Every control the server keeps for admins, by the name a button or link has. */
const decisions = /^(Approve|Reject|Confirm|Mark as paid|Deactivate|Reactivate|Publish|Unpublish|Edit|New item|Add wallet|Save settings|Save leverage|Discard|Send notification|Post|Copy one-time login link|Sign out everywhere)\b/;
const decisionControls = (page: Page) => page.getByRole('button', { name: decisions }).or(page.getByRole('link', { name: decisions }));

test('support staff read every back-office page with no control the server would refuse, where an admin has them', async ({ browser, baseURL }) => {
  // Every back-office page twice (support, then admin), each with screenshots at two widths.
  test.slow();
  const customer = await newCustomer(baseURL!);
  const { token } = await login(baseURL!, customer);
  const plans = (await apiCall<{ data: { id: number; title: string }[] }>(baseURL!, 'GET', '/plans', { token })).data;
  await apiCall(baseURL!, 'POST', '/plans/request', { token, body: { plan_id: plans.find((p) => p.title === 'Gold')!.id } });
  await apiCall(baseURL!, 'POST', '/update/autotrader', { token, body: { autotrader_type: 'medium' } });
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  await post(baseURL!, token, '/verification/documents', { multipart: { kind: 'id_front', file: { name: 'passport.png', mimeType: 'image/png', buffer: png } } });

  const support = await signedIn(browser, await newSupport(baseURL!));
  // The agent's own "Account approved" note floats over every page until read.
  await support.getByTestId('notification-banner').getByRole('button', { name: 'Close' }).click();
  const admin = await signedIn(browser, ADMIN);
  const planRow = (page: Page) => page.getByTestId('plan-request').filter({ hasText: customer.email });

  await navigate(support, '/admin/requests');
  await expect(planRow(support)).toContainText("Waiting for an admin's decision");
  await expect(support.getByTestId('autotrader-request').filter({ hasText: customer.email })).toContainText("Waiting for an admin's decision");
  await expect(decisionControls(support)).toHaveCount(0);
  await screenshots(support, 'support-requests');
  await navigate(admin, '/admin/requests');
  await expect(planRow(admin).getByRole('button', { name: `Approve ${customer.email}` })).toBeVisible();

  const review = (page: Page) => page.getByTestId('review-id_front');
  await navigate(support, `/admin/verification/${customer.id}`);
  await expect(review(support)).toContainText("Waiting for an admin's decision");
  await expect(decisionControls(support)).toHaveCount(0);
  await screenshots(support, 'support-verification-review');
  await navigate(admin, `/admin/verification/${customer.id}`);
  await expect(review(admin).getByRole('button', { name: /^Approve/ })).toBeVisible();

  await navigate(support, '/admin/clients');
  const detail = await openClient(support, customer);
  await expect(detail.getByTestId('read-only-note')).toBeVisible();
  await screenshots(support, 'support-client-detail');
  for (const tab of ['Overview', 'Trades', 'Ledger', 'History']) {
    await detail.getByRole('tab', { name: tab }).click();
    await expect(detail.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expect(decisionControls(support)).toHaveCount(0);
  }
  await navigate(admin, '/admin/clients');
  const adminDetail = await openClient(admin, customer);
  await expect(adminDetail.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await expect(adminDetail.getByRole('button', { name: 'Send notification' })).toBeVisible();
  await adminDetail.getByRole('tab', { name: 'Ledger' }).click();
  await expect(adminDetail.getByRole('form', { name: 'Adjust balance' })).toBeVisible();

  // Each page once its data is in, so controls that come with the data would be there too.
  const loaded: [string, (page: Page) => Locator][] = [
    ['/admin/money', (p) => p.getByRole('heading', { name: 'Receiving wallets' })],
    ['/admin/settings', (p) => p.getByLabel('Site name')],
    ['/admin/catalogue', (p) => p.getByText('Published').first()],
    ['/admin/sales', (p) => p.getByText('Revenue')],
    ['/admin/verification', (p) => p.getByTestId('verification-queue-item').first()],
    ['/admin/chat', (p) => p.getByText('Select a user to start chatting')],
  ];
  for (const [path, ready] of loaded) {
    await navigate(support, path);
    await expect(ready(support)).toBeVisible();
    await expect(support.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await expect(decisionControls(support), path).toHaveCount(0);
  }
  await navigate(support, '/admin/settings');
  await expect(support.getByLabel('Site name')).toBeDisabled();
  await expect(support.getByRole('switch', { name: 'Site enabled' })).toBeDisabled();
  await screenshots(support, 'support-settings');
  await navigate(support, '/admin/catalogue/new');
  await expect(support.getByText('Only an admin edits the catalogue')).toBeVisible();
  await navigate(admin, '/admin/settings');
  await expect(admin.getByRole('button', { name: 'Save settings' })).toBeVisible();
  await expect(admin.getByLabel('Site name')).toBeEnabled();
});

import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, apiCall, newCustomer, openSignedIn, screenshots, type Customer, test } from './helpers';
import { navigate } from './support/navigate';
import { RETRY_MS } from '../src/config/constants';
import { expectAfterTimers } from './support/clock';

/** Extra browser contexts a test opens (admin, second visitor); closed after each test. */
const opened: BrowserContext[] = [];
async function newContext(browser: Browser, baseURL = test.info().project.use.baseURL) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  opened.push(context);
  return context;
}
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** A separate browser for the admin, so a customer can be signed in at the same time. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await openSignedIn(page, ADMIN, '/admin/clients');
  return page;
}

/** Finds one client by email and opens its details. */
async function openClient(page: Page, customer: Customer) {
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(customer.email);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(customer.email).replace(/[.]/g, '\\.')}`));
  await expect(page.getByText('1 client match')).toBeVisible();
  await page.getByRole('button', { name: `${customer.firstName} Tester` }).filter({ visible: true }).click();
  const dialog = page.getByRole('dialog', { name: `${customer.firstName} Tester` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the admin searches, filters, approves a client and sends a notification', async ({ browser, baseURL }) => {
  const pending = await newCustomer(baseURL!, { approve: false });
  const page = await adminPage(browser);
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  await page.getByRole('button', { name: 'Pending' }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByRole('table')).toContainText(pending.email);
  await expect(page.getByRole('table')).not.toContainText('admin@bourse.local');
  await screenshots(page, 'admin-clients');

  const dialog = await openClient(page, pending);
  await expect(dialog.getByText('Pending')).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Client approved')).toBeVisible();
  await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Deactivate' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Send notification' }).click();
  await expect(dialog.getByText('Enter a title')).toBeVisible();
  await dialog.getByLabel('Title').fill('Welcome aboard');
  await dialog.getByLabel('Message').fill('Your account is ready to trade.');
  await dialog.getByLabel('Colour').selectOption('success');
  await screenshots(page, 'admin-client-detail');
  await dialog.getByRole('button', { name: 'Send notification' }).click();
  await expect(page.getByText('Notification sent')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search clients' }).fill('no-such-client-anywhere');
  await expect(page).toHaveURL(/search=no-such-client-anywhere/);
  await expect(page.getByText('No clients found')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('no-such-client-anywhere');
});

test('a one-time login link signs the client in once', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const admin = await adminPage(browser);
  const dialog = await openClient(admin, customer);
  await dialog.getByRole('button', { name: 'Copy one-time login link' }).click();
  const link = await dialog.getByLabel('One-time login link').inputValue();
  expect(link).toMatch(/\/auto-login\?token=/);

  const page = await (await newContext(browser, baseURL)).newPage();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${customer.firstName}` })).toBeVisible();

  const other = await (await newContext(browser, baseURL)).newPage();
  await other.goto(new URL(link).pathname + new URL(link).search);
  await expect(other.getByRole('heading', { name: 'Sign-in link not valid' })).toBeVisible();
});

test('a login link for a client with two-factor on asks for the code before signing in', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const signedIn = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: customer });
  const setup = await apiCall<{ data: { secret: string } }>(baseURL!, 'POST', '/user/two-factor/setup', { token: signedIn.data.token, body: { password: customer.password } });
  const secret = setup.data.secret;
  const step = (offset: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
  await apiCall(baseURL!, 'POST', '/user/two-factor/enable', { token: signedIn.data.token, body: { code: await step(-1) } });

  const admin = await adminPage(browser);
  const dialog = await openClient(admin, customer);
  await dialog.getByRole('button', { name: 'Copy one-time login link' }).click();
  const link = await dialog.getByLabel('One-time login link').inputValue();

  const page = await (await newContext(browser, baseURL)).newPage();
  await page.goto(new URL(link).pathname + new URL(link).search);
  const form = page.getByRole('form', { name: 'Two-factor code' });
  await expect(form.getByLabel('Authentication code')).toBeVisible();
  await expect(page.getByText('Your account uses two-factor sign-in.')).toBeVisible();
  await expect(page).toHaveURL(/\/auto-login\?token=/);
  // No session yet: the link alone proves nothing.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user-storage') ?? '{"state":{}}').state.token ?? null)).toBeNull();
  await screenshots(page, 'auto-login-two-factor');

  await form.getByLabel('Authentication code').fill('000000');
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(form.getByText('The code is invalid or has already been used.')).toBeVisible();
  await form.getByLabel('Authentication code').fill(await step(1));
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${customer.firstName}` })).toBeVisible();
});

test('signing a client out everywhere sends them to the login page (401)', async ({ browser, page, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  await openSignedIn(page, customer, '/main/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${customer.firstName}` })).toBeVisible();
  const admin = await adminPage(browser);
  const dialog = await openClient(admin, customer);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  const confirm = admin.getByRole('dialog', { name: /Sign .* out everywhere\?/ });
  await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(admin.getByText('Signed out of every device')).toBeVisible();

  await page.goto('/main/accounts');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user-storage') ?? '{}').state?.token ?? null)).toBeNull();
});

test('a deactivated client sees "Account Currently Disabled" until reactivated', async ({ browser, page, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  await openSignedIn(page, customer, '/main/dashboard');
  const admin = await adminPage(browser);
  const dialog = await openClient(admin, customer);
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = admin.getByRole('dialog', { name: /^Deactivate / });
  await expect(confirm.getByText('Account Currently Disabled')).toBeVisible();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(admin.getByText('Client deactivated')).toBeVisible();
  await expect(dialog.getByText('Deactivated', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account Currently Disabled' })).toBeVisible();
  await expect(page.getByText('Your account is currently disabled, please contact support.')).toBeVisible();
  await screenshots(page, 'gate-account-disabled');

  await dialog.getByRole('button', { name: 'Reactivate' }).click();
  await expect(admin.getByText('Client reactivated')).toBeVisible();
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${customer.firstName}` })).toBeVisible();
});

test('the back office is refused to a customer (not-found page)', async ({ page, baseURL }) => {
  await openSignedIn(page, await newCustomer(baseURL!), '/admin/clients');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await navigate(page, '/admin/settings');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('on a phone the back office navigation opens from the menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openSignedIn(page, ADMIN, '/admin/clients');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'Support chat' })).toHaveAttribute('href', '/admin/chat');
  await drawer.getByRole('link', { name: 'Site settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible();
  // The colour of the mails the site sends, beside the logo and name.
  await expect(page.getByLabel('Brand colour')).toHaveValue('#0369a1');
  await screenshots(page, 'admin-settings');
});

test('a failed client list says so and Retry loads it', async ({ page }) => {
  await page.clock.install();
  await openSignedIn(page, ADMIN, '/admin/clients');
  await expect(page.getByRole('table')).toBeVisible();
  await page.route('**/api/v1/admin/clients?*', (route) => route.fulfill({ status: 500, json: { message: 'Server Error.' } }));
  await page.getByRole('button', { name: 'Deactivated' }).click();
  // Said once the one retry has failed too.
  await expectAfterTimers(page, RETRY_MS, () => page.getByText('Failed to load clients').isVisible());
  await page.unroute('**/api/v1/admin/clients?*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Failed to load clients')).toBeHidden();
  await expect(page).toHaveURL(/status=deactivated/);
});

test('the admin credits a customer by hand with a reason and reads it in the ledger and the history', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const admin = await adminPage(browser);
  const dialog = await openClient(admin, customer);
  await dialog.getByRole('tab', { name: 'Ledger' }).click();
  const adjust = dialog.getByRole('form', { name: 'Adjust balance' });
  await adjust.getByLabel('Amount (− to debit)').fill('-50');
  await adjust.getByLabel('Reason').fill('Chargeback');
  await adjust.getByRole('button', { name: 'Post' }).click();
  await expect(admin.locator('[data-sonner-toast]').filter({ hasText: 'Your free margin does not cover this amount.' })).toBeVisible();
  await adjust.getByLabel('Amount (− to debit)').fill('75.25');
  await adjust.getByLabel('Reason').fill('Goodwill for the outage');
  await adjust.getByRole('button', { name: 'Post' }).click();
  await expect(admin.locator('[data-sonner-toast]').filter({ hasText: 'Balance is now $75.25' })).toBeVisible();
  await expect(dialog.getByTestId('ledger-entry').first()).toContainText('Adjustment: Goodwill for the outage');
  await expect(dialog.getByTestId('ledger-entry').first()).toContainText('Correction');
  await dialog.getByRole('list', { name: 'Ledger' }).scrollIntoViewIfNeeded();
  await screenshots(admin, 'admin-client-ledger');
  await dialog.getByRole('tab', { name: 'History' }).click();
  await expect(dialog.getByTestId('audit-entry').first()).toContainText('Balance adjusted');
  await expect(dialog.getByTestId('audit-entry').first()).toContainText('Amount: 75.25');
  await expect(dialog.getByTestId('audit-entry').first()).toContainText('Reason: Goodwill for the outage');
});

import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, changeSettings, newCustomer, openSignedIn, screenshots, test } from './helpers';

// These switch site-wide settings through the back office; each test restores them.
test.describe.configure({ mode: 'serial' });

let adminContext: BrowserContext | null = null;
test.afterEach(async () => {
  await adminContext?.close();
  adminContext = null;
});

async function adminSettingsPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 800 } });
  adminContext = context;
  const page = await context.newPage();
  await openSignedIn(page, ADMIN, '/admin/settings');
  await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible();
  return page;
}

async function save(admin: Page) {
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved').last()).toBeVisible();
}

test('disabling the site shows the maintenance screen to customers; "Check Status" sees it back', async ({ browser, page, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  await openSignedIn(page, customer, '/main/dashboard');
  const admin = await adminSettingsPage(browser);
  try {
    await admin.getByRole('switch', { name: 'Site enabled' }).click();
    await admin.getByLabel('Maintenance message').fill('We are upgrading the trading servers. Back at 18:00 UTC.');
    await admin.getByLabel('Contact email').fill('support@broker.example.com');
    await save(admin);
    await expect(admin.getByText('The site is disabled')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Site Temporarily Disabled' })).toBeVisible();
    await expect(page.getByText('We are upgrading the trading servers. Back at 18:00 UTC.')).toBeVisible();
    await expect(page.getByText('If you need immediate assistance, please contact us at')).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@broker.example.com' })).toHaveAttribute('href', 'mailto:support@broker.example.com');
    await screenshots(page, 'gate-site-disabled');

    await admin.getByRole('switch', { name: 'Site enabled' }).click();
    await save(admin);
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${customer.firstName}` })).toBeVisible();
  } finally {
    await changeSettings(baseURL!, { status: 'enabled', maintenanceMessage: null, contactEmail: null });
  }
});

test('with approval required a pending customer waits for approval and can log out', async ({ browser, page, baseURL }) => {
  const admin = await adminSettingsPage(browser);
  try {
    await admin.getByRole('switch', { name: 'Accounts must be approved', exact: true }).click();
    await save(admin);
    const pending = await newCustomer(baseURL!, { approve: false });
    await openSignedIn(page, pending, '/main/dashboard');
    await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible();
    await expect(page.getByText('Your account is awaiting approval from the Client Management Team')).toBeVisible();
    await screenshots(page, 'gate-awaiting-approval');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  } finally {
    await changeSettings(baseURL!, { must_verify_account: false });
  }
});

test('site settings are validated and the registration variant is saved through the form', async ({ browser, baseURL }) => {
  const token = await adminToken(baseURL!);
  const forex = (await apiCall<{ data: { leverage: { forex: number } } }>(baseURL!, 'GET', '/data', { token })).data.leverage.forex;
  const admin = await adminSettingsPage(browser);
  try {
    await admin.getByLabel('Site name').fill('');
    await admin.getByLabel('Website URL').fill('not a url');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(admin.getByRole('alert').first()).toBeVisible();
    await expect(admin.getByText('Settings saved')).toBeHidden();
    await admin.getByLabel('Site name').fill('Bourse Markets');
    await admin.getByLabel('Website URL').fill('https://markets.example.com/');
    await admin.getByLabel('Registration page', { exact: true }).selectOption('td');
    await save(admin);
    await expect(admin.getByRole('link', { name: 'Back office home' }).filter({ visible: true })).toContainText('Bourse Markets');
    const settings = (await (await admin.request.get('/api/v1/settings')).json()).data;
    expect(settings).toMatchObject({ name: 'Bourse Markets', website_url: 'https://markets.example.com/', r_page: 'td' });

    await admin.getByLabel('Forex').fill('0');
    await admin.getByRole('button', { name: 'Save leverage' }).click();
    await expect(admin.getByRole('region', { name: 'Leverage' }).getByRole('alert')).toBeVisible();
    await admin.getByLabel('Forex').fill(String(forex === 200 ? 250 : 200));
    await admin.getByRole('button', { name: 'Save leverage' }).click();
    await expect(admin.getByText('Leverage saved')).toBeVisible();
    await screenshots(admin, 'admin-settings-saved');
  } finally {
    await changeSettings(baseURL!, { name: 'Bourse', website_url: null, r_page: 'basic' });
    await apiCall(baseURL!, 'PUT', '/admin/leverage', { token, body: { forex } });
  }
});

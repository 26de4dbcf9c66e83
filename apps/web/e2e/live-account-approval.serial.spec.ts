import { expect, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, changeSettings, newCustomer, openSignedIn, screenshots, test } from './helpers';
import { navigate } from './support/navigate';

// Switches a site-wide setting (new live accounts need approval); restored after the test.
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('with approval on, a new live account awaits approval until an admin approves it on Requests; then it can be selected', async ({ page, browser, baseURL }) => {
  test.slow();
  const previous = await changeSettings(baseURL!, { approve_live_accounts: false });
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    // The operator switches the setting on in Site settings.
    const admin = await adminContext.newPage();
    await openSignedIn(admin, ADMIN, '/admin/settings');
    const setting = admin.getByRole('switch', { name: 'New live accounts must be approved' });
    await expect(setting).toHaveAttribute('aria-checked', 'false');
    await setting.click();
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(admin.getByText('Settings saved').last()).toBeVisible();

    const user = await newCustomer(baseURL!);
    await openSignedIn(page, user, '/main/accounts');
    await page.getByRole('button', { name: 'Open account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open account' });
    await dialog.getByRole('radio', { name: /Live/ }).check();
    await expect(dialog.getByText('Real money, usable once approved')).toBeVisible();
    await dialog.getByRole('button', { name: 'Open account' }).click();
    await expect(toast(page, 'Your live USD account is awaiting approval.')).toBeVisible();

    const live = page.getByRole('region', { name: 'Live accounts' }).getByTestId('account-card');
    await expect(live).toHaveCount(2);
    const pending = live.filter({ has: page.getByTestId('account-status') });
    await expect(pending.getByTestId('account-status')).toHaveText('Awaiting Approval');
    await expect(pending.getByRole('button', { name: 'Use this account' })).toHaveCount(0);
    await expect(pending.getByRole('button', { name: 'Transfer' })).toHaveCount(0);
    await expect(pending.getByRole('status')).toContainText('You can fund it and trade on it once it is approved');
    const number = (await pending.getAttribute('aria-label'))!.replace('Live account ', '');
    // The header's account switcher lists it, but it cannot be chosen.
    await page.getByRole('button', { name: 'Switch trading account' }).first().click();
    await expect(page.getByRole('button', { name: new RegExp(`Live ${number}.*Awaiting Approval`) })).toBeDisabled();
    await page.keyboard.press('Escape');
    await screenshots(page, 'accounts-pending');

    // Support staff see the account waiting, with no decision to take.
    const agent = await newCustomer(baseURL!);
    await apiCall(baseURL!, 'PATCH', `/admin/clients/${agent.id}/role`, { token: await adminToken(baseURL!), body: { role: 'support' } });
    const supportContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const support = await supportContext.newPage();
    await openSignedIn(support, agent, '/admin/requests');
    const seen = support.getByTestId('account-request').filter({ hasText: user.email });
    await expect(seen).toContainText("Waiting for an admin's decision");
    await expect(seen.getByRole('button', { name: `Approve ${user.email}` })).toHaveCount(0);
    await supportContext.close();

    // The back office: the account waits on Requests with the customer, and the admin approves it.
    await navigate(admin, '/admin/requests');
    const row = admin.getByTestId('account-request').filter({ hasText: user.email });
    await expect(row).toContainText(`Live ${number} · USD`);
    await expect(row).toContainText('pending');
    await expect(admin.getByTestId('account-requests-count')).toContainText('waiting');
    await screenshots(admin, 'admin-requests-accounts');
    await row.getByRole('button', { name: `Approve ${user.email}` }).click();
    await expect(toast(admin, 'Account approved.')).toBeVisible();
    await expect(row).toContainText('Approved by admin@bourse.local');

    // The customer is told, and the account is now active and selectable.
    await page.reload();
    const approved = page.getByRole('listitem', { name: `Live account ${number}` });
    await expect(approved.getByTestId('account-status')).toHaveCount(0);
    await approved.getByRole('button', { name: 'Use this account' }).click();
    await expect(toast(page, `You now trade on ${number}.`)).toBeVisible();
    await expect(approved.getByText('Selected')).toBeVisible();
    await expect(approved.getByRole('link', { name: 'Deposit' })).toBeVisible();
  } finally {
    await adminContext.close();
    await changeSettings(baseURL!, previous);
  }
});

import { expect, type Browser, type Page } from '@playwright/test';
import { ADMIN, newCustomer, openSignedIn, screenshots, test } from './helpers';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const slow = process.env.CI ? 120_000 : 60_000;

/** Signs the operator in on a page of its own and opens the back-office Requests page. */
async function adminRequests(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await openSignedIn(admin, ADMIN, '/admin/requests');
  return { admin, close: () => context.close() };
}

test('a customer compares plans and asks for Gold, the back office approves, the badge shows Gold', async ({ page, browser, baseURL }) => {
  test.setTimeout(slow);
  const user = await newCustomer(baseURL!);
  await openSignedIn(page, user, '/main/dashboard');

  const badge = page.getByRole('banner').getByTestId('plan-badge');
  await expect(badge).toHaveText('Basic');
  await badge.click();
  const dialog = page.getByRole('dialog', { name: 'Account Plans' });
  const heads = dialog.getByRole('columnheader');
  await expect(heads.filter({ hasText: 'Basic' })).toContainText('Current');
  await expect(heads.filter({ hasText: 'Pro' })).toContainText('Recommended');
  await expect(dialog.getByRole('rowheader', { name: 'Minimum deposit' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Enabled' }).first()).toBeVisible();
  await screenshots(page, 'plans-dialog');

  await dialog.getByRole('button', { name: 'Request the Gold plan' }).click();
  await expect(toast(page, 'Your plan upgrade request has been sent.')).toBeVisible();
  await expect(dialog.getByText('Pending approval')).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'Your request for the Gold plan is waiting for approval.' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Request the Pro plan' })).toBeDisabled();
  await screenshots(page, 'plans-dialog-pending');
  await page.keyboard.press('Escape');

  const { admin, close } = await adminRequests(browser, baseURL!);
  const row = admin.getByTestId('plan-request').filter({ hasText: user.email });
  await expect(row).toContainText('Basic → Gold');
  await expect(row).toContainText('pending');
  await screenshots(admin, 'admin-requests');
  await row.getByRole('button', { name: `Approve ${user.email}` }).click();
  await expect(row).toContainText('Approved by admin@bourse.local');
  await close();

  // The approval pushes a user update; a reload shows the same from the server in any case.
  await page.reload();
  await expect(badge).toHaveText('Gold');
  await badge.click();
  await expect(dialog.getByRole('columnheader').filter({ hasText: 'Gold' })).toContainText('Current');
});

import { expect, type Page } from '@playwright/test';
import { ADMIN, newCustomer, openSignedIn, screenshots, test } from './helpers';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function openDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Auto Trader' }).click();
  return page.getByRole('dialog', { name: 'Auto Trader' });
}

test('a customer requests the Auto Trader, a second request waits, the back office approves and the customer switches it off', async ({ page, browser, baseURL }) => {
  test.setTimeout(process.env.CI ? 120_000 : 60_000);
  const user = await newCustomer(baseURL!);
  await openSignedIn(page, user, '/main/dashboard');

  let dialog = await openDialog(page);
  await expect(dialog.getByRole('radio', { name: /Medium/ })).toBeChecked();
  const activate = dialog.getByRole('button', { name: 'Activate' });
  await expect(activate).toBeDisabled();
  await dialog.getByRole('radio', { name: /High/ }).check();
  await dialog.getByRole('checkbox').check();
  await expect(activate).toBeEnabled();
  await screenshots(page, 'autotrader-dialog');
  await activate.click();
  await expect(toast(page, 'AutoTrader settings saved successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  dialog = await openDialog(page);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(toast(page, 'You already have a pending AutoTrader request. Please wait for approval.')).toBeVisible();
  await page.keyboard.press('Escape');

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await openSignedIn(admin, ADMIN, '/admin/requests');
  const row = admin.getByTestId('autotrader-request').filter({ hasText: user.email });
  await expect(row).toContainText('high');
  await expect(row).toContainText('pending');
  await row.getByRole('button', { name: `Approve ${user.email}` }).click();
  await expect(row).toContainText('Approved by admin@bourse.local');
  await adminContext.close();

  await page.reload();
  dialog = await openDialog(page);
  await expect(dialog.getByText('Auto Trader Active')).toBeVisible();
  await screenshots(page, 'autotrader-dialog-active');
  await dialog.getByRole('button', { name: 'Switch off' }).click();
  await expect(toast(page, 'Auto Trader has been switched off.')).toBeVisible();
  dialog = await openDialog(page);
  await expect(dialog.getByRole('button', { name: 'Activate' })).toBeVisible();
});

test('the back office rejects a request with a reason, which the customer is told', async ({ page, browser, baseURL }) => {
  test.setTimeout(process.env.CI ? 120_000 : 60_000);
  const user = await newCustomer(baseURL!);
  await openSignedIn(page, user, '/main/dashboard');
  const dialog = await openDialog(page);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(toast(page, 'AutoTrader settings saved successfully')).toBeVisible();

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await openSignedIn(admin, ADMIN, '/admin/requests');
  const row = admin.getByTestId('autotrader-request').filter({ hasText: user.email });
  await row.getByRole('button', { name: `Reject ${user.email}` }).click();
  await row.getByLabel('Reason').fill('Please fund a live account first.');
  await row.getByRole('button', { name: 'Reject' }).click();
  await expect(row).toContainText('Reason: Please fund a live account first.');
  await adminContext.close();

  await expect(page.getByText('Your Auto Trader request was rejected: Please fund a live account first.')).toBeVisible({ timeout: process.env.CI ? 40_000 : 20_000 });
});

test('the trading room opens the Auto Trader dialog from its top bar', async ({ page, baseURL }) => {
  await openSignedIn(page, await newCustomer(baseURL!), '/mt4');
  await page.getByRole('banner').getByRole('button', { name: 'Auto Trader' }).click();
  const dialog = page.getByRole('dialog', { name: 'Auto Trader' });
  await expect(dialog.getByRole('radio', { name: /Medium/ })).toBeChecked();
  await screenshots(page, 'trading-room-autotrader');
});

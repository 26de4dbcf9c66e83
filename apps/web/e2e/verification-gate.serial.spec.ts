import { expect } from '@playwright/test';
import { changeSettings, newCustomer, openSignedIn, screenshots, test } from './helpers';

test('with approval required a pending customer goes from Awaiting Approval to the verification page and back', async ({ page, baseURL }) => {
  const previous = await changeSettings(baseURL!, { must_verify_account: true });
  try {
    const pending = await newCustomer(baseURL!, { approve: false });
    await openSignedIn(page, pending, '/main/dashboard');
    await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible();
    await screenshots(page, 'verification-gate');
    await page.getByRole('button', { name: 'Verify identity' }).click();
    await expect(page).toHaveURL(/\/main\/verification$/);
    await expect(page.getByTestId('document-id_front')).toBeVisible();
    await expect(page.getByText('Verify your identity', { exact: true })).toBeVisible();
    // Every other screen stays behind the gate until the documents are approved.
    await page.goto('/main/dashboard');
    await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible();
  } finally {
    await changeSettings(baseURL!, previous);
  }
});

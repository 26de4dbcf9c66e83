import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

const LOCALES = path.resolve(import.meta.dirname, '../src/i18n/locales');
const arabic = Object.assign({}, ...readdirSync(path.join(LOCALES, 'ar')).map((f) => JSON.parse(readFileSync(path.join(LOCALES, 'ar', f), 'utf8')))) as Record<string, string>;
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a customer downloads a copy of their data and changes a marketing consent', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  await openSignedIn(page, user, '/main/personal');
  const data = page.getByRole('region', { name: 'Your data' });
  await expect(data).toContainText('No copy yet.');

  // The copy is prepared on the server while the card shows it; then it downloads as a ZIP.
  await data.getByRole('button', { name: 'Prepare a copy' }).click();
  await expect(toast(page, 'We are preparing a copy of your data.')).toBeVisible();
  const download = data.getByRole('button', { name: 'Download' });
  await expect(download).toBeVisible();
  await expect(data.getByRole('button', { name: 'Prepare a copy' })).toBeEnabled();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^bourse-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  const copy = JSON.parse(Buffer.from(zip['data.json']!).toString('utf8'));
  expect(copy.profile).toMatchObject({ id: user.id, email: user.email, first_name: user.firstName });
  expect(copy.accounts.length).toBeGreaterThan(0);

  // A consent: not given until the customer says so, then recorded with its date, and kept.
  const marketing = page.getByRole('region', { name: 'Marketing' });
  const email = marketing.getByRole('switch', { name: 'Offers and news by email' });
  await expect(email).not.toBeChecked();
  await expect(marketing).toContainText('Not given');
  await email.click();
  await expect(toast(page, 'Your choice has been saved.')).toBeVisible();
  await expect(email).toBeChecked();
  await expect(marketing).toContainText('Given ');
  await screenshots(page, 'data-rights');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Marketing' }).getByRole('switch', { name: 'Offers and news by email' })).toBeChecked();
  const [consent] = (await apiCall<{ data: { purpose: string; granted: boolean; source: string }[] }>(baseURL!, 'GET', '/user/consents', {
    token: (await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: user })).data.token,
  })).data;
  expect(consent).toMatchObject({ purpose: 'marketing_email', granted: true, source: 'client_area' });

  await page.getByRole('button', { name: 'Erase my data...' }).click();
  await expect(page.getByRole('dialog', { name: 'Erase my personal data' })).toBeVisible();
  await screenshots(page, 'data-rights-erasure');
});

test('the data rights screens in Arabic', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  const token = (await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: user })).data.token;
  await apiCall(baseURL!, 'PUT', '/user/consents', { token, body: { purpose: 'marketing_sms', granted: true } });
  await apiCall(baseURL!, 'POST', '/user/data-exports', { token });
  await page.addInitScript(() => localStorage.setItem('language-storage', 'ar'));
  await openSignedIn(page, user, '/main/personal');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('region', { name: arabic['Your data']! }).getByRole('button', { name: arabic.Download! })).toBeVisible();
  await expect(page.getByRole('region', { name: arabic.Marketing! }).getByRole('switch', { name: arabic['Offers by text message']! })).toBeChecked();
  await screenshots(page, 'data-rights-ar');
  await page.getByRole('button', { name: arabic['Erase my data...']! }).click();
  await expect(page.getByRole('dialog', { name: arabic['Erase my personal data']! })).toBeVisible();
  await screenshots(page, 'data-rights-erasure-ar');
});

test('a customer erases their personal data and can no longer sign in', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  await openSignedIn(page, user, '/main/personal');
  await page.getByRole('button', { name: 'Erase my data...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase my personal data' });
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Erase my data' }).click();
  await expect(dialog.getByText('Tick the box to confirm that you understand erasure cannot be undone.')).toBeVisible();
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Erase my data' }).click();
  await expect(dialog.getByText('The current password is incorrect.')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Erase my data' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Your personal data have been erased and you have been signed out.')).toBeVisible();
  await expect(apiCall(baseURL!, 'POST', '/auth/login', { body: user })).rejects.toThrow(/422/);
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator } from '@playwright/test';
import { ADMIN, adminToken, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';
import { navigate } from './support/navigate';

const LOCALES = path.resolve(import.meta.dirname, '../src/i18n/locales');
const arabic = Object.assign({}, ...readdirSync(path.join(LOCALES, 'ar')).map((f) => JSON.parse(readFileSync(path.join(LOCALES, 'ar', f), 'utf8')))) as Record<string, string>;
/** A code the server writes for itself (`withdrawal.cancelled`, `user.active`, `r_page`, `ea:1`). */
const RAW = /\b[a-z]+[._:][a-z0-9_]+\b/;
/** The codes in what a part of the page reads, leaving out e-mail addresses (which have dots of their own). */
const codesIn = async (part: Locator) => ((await part.allInnerTexts()).join('\n').replaceAll(/\S+@\S+/g, '').match(new RegExp(RAW, 'g')) ?? []);

test('staff find a customer’s history in the audit log by customer, action and days, export it, and read it in words', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const customer = await newCustomer(baseURL!);
  const token = await adminToken(baseURL!);
  await apiCall(baseURL!, 'PATCH', `/admin/clients/${customer.id}/status`, { token, body: { status: 'deactivated' } });

  await openSignedIn(page, ADMIN, '/admin/clients');
  await page.getByRole('link', { name: 'Audit log' }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Customer' }).fill(customer.email);
  await expect(page).toHaveURL(/customer=/);
  const rows = page.getByTestId('audit-row');
  // The customer was approved once: one such row once the list is theirs alone.
  await expect(rows.filter({ hasText: 'Client approved' })).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('Client deactivated');
  await expect(rows.nth(0)).toContainText('Active → Deactivated');
  await expect(rows.nth(0)).toContainText(ADMIN.email);
  await expect(rows.filter({ hasText: 'Client approved' })).toContainText('Pending → Active');
  await expect(rows.filter({ hasText: 'Preferences changed' })).toContainText('Fields: First-visit tour');
  expect(await codesIn(page.getByRole('main'))).toEqual([]);

  await page.getByLabel('Action').selectOption({ label: 'Client deactivated' });
  await expect(page).toHaveURL(/action=user\.deactivated/);
  await expect(rows).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8').trimEnd().split('\r\n');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`,Client deactivated,user.deactivated,${customer.id},${customer.email},`);
  await screenshots(page, 'admin-audit-log');

  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From').fill(tomorrow);
  await expect(page.getByText('Nothing recorded matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(rows.first()).toBeVisible();

  // The same view in Arabic: every action, role and detail translated, the page mirrored.
  await page.evaluate(() => localStorage.setItem('language-storage', 'ar'));
  await page.goto(`/admin/audit?customer=${encodeURIComponent(customer.email)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(rows.nth(0)).toContainText(arabic['Client deactivated']!);
  expect(await codesIn(page.getByRole('main'))).toEqual([]);
  await screenshots(page, 'admin-audit-log-ar');
  await navigate(page, `/admin/clients?search=${encodeURIComponent(customer.email)}`);
  await page.getByRole('button', { name: `${customer.firstName} Tester` }).filter({ visible: true }).click();
  await page.getByRole('tab', { name: arabic.History! }).click();
  await expect(page.getByTestId('audit-entry').first()).toContainText(arabic['Client deactivated']!);
  expect(await codesIn(page.getByRole('dialog'))).toEqual([]);
  await screenshots(page, 'admin-client-history-ar');
  await page.evaluate(() => localStorage.removeItem('language-storage'));
});

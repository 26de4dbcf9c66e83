import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ADMIN, openSignedIn, registerByApi, registrationFields, screenshots, test } from './helpers';

const FIXTURES = path.resolve(import.meta.dirname, '../../server/test/fixtures/sanctions');
const file = (name: string, mimeType: string) => ({ name, mimeType, buffer: readFileSync(path.join(FIXTURES, name)) });
const slow = process.env.CI ? 120_000 : 60_000;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name);
}

test('the admin imports the sanctions lists, a customer signing up under a listed name is queued, and the admin clears the hit', async ({ page, browser, baseURL }) => {
  test.setTimeout(slow);
  await openSignedIn(page, ADMIN, '/admin/aml');
  await expect(page.getByRole('heading', { name: 'AML screening', level: 1 })).toBeVisible();

  // A malformed file is refused with its line, and the list stays as it was.
  const eu = page.getByRole('form', { name: 'EU consolidated list' });
  const broken = readFileSync(path.join(FIXTURES, 'eu-consolidated.xml'), 'utf8').replace('</export>', '');
  await eu.locator('input[type=file]').setInputFiles({ name: 'broken.xml', mimeType: 'text/xml', buffer: Buffer.from(broken) });
  await eu.getByRole('button', { name: 'Import' }).click();
  await expect(eu.getByRole('alert')).toContainText(/broken\.xml, line \d+: not well-formed XML/);

  await eu.locator('input[type=file]').setInputFiles(file('eu-consolidated.xml', 'text/xml'));
  await expect(eu.getByText('List file (XML): eu-consolidated.xml')).toBeVisible();
  await eu.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, 'List imported.')).toBeVisible();
  await expect(eu.getByTestId('aml-list-status')).toContainText('4 entries, 8 names · eu-consolidated.xml');

  const ofac = page.getByRole('form', { name: 'OFAC SDN list' });
  await ofac.getByLabel('Entries file (sdn.csv)').setInputFiles(file('sdn.csv', 'text/csv'));
  await expect(ofac.getByText('Entries file (sdn.csv): sdn.csv')).toBeVisible();
  await ofac.getByLabel('alt.csv (aliases, optional)').setInputFiles(file('alt.csv', 'text/csv'));
  await ofac.getByRole('button', { name: 'Import' }).click();
  await expect(ofac.getByTestId('aml-list-status')).toContainText('4 entries, 8 names · sdn.csv + alt.csv');

  // A customer signs up as "Aleksandr Gritsenko": the list has him in Cyrillic only.
  const email = `aml.${randomBytes(5).toString('hex')}@example.com`;
  await registerByApi(baseURL!, registrationFields(email, 'aml-review-pass-1', { first_name: 'Aleksandr', last_name: 'Gritsenko' }));
  await page.reload();
  const hit = page.getByTestId('aml-hit').filter({ hasText: email });
  await expect(hit).toContainText('Александр Дмитриевич Гриценко');
  await expect(hit).toContainText('EU 91001');
  await expect(hit.getByTestId('aml-hit-score')).toHaveText(/^0\.9\d$/);
  await shots(page, 'aml-review-queue');

  await hit.getByLabel('Reason').fill('Different person: passport and date of birth checked.');
  await hit.getByRole('button', { name: `Clear the hit on ${email}` }).click();
  await expect(toast(page, 'Cleared as a false positive.')).toBeVisible();
  await expect(page.getByTestId('aml-hit').filter({ hasText: email })).toHaveCount(0);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  const decided = page.getByTestId('aml-hit').filter({ hasText: email });
  await expect(decided).toContainText('Cleared');
  await expect(decided).toContainText('Decided by admin@bourse.local. Reason: Different person: passport and date of birth checked.');

  // The same screen in Arabic, right to left.
  const arabic = await browser.newPage({ baseURL });
  await arabic.addInitScript(() => localStorage.setItem('language-storage', 'ar'));
  await openSignedIn(arabic, ADMIN, '/admin/aml');
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByRole('heading', { name: 'فحص مكافحة غسل الأموال', level: 1 })).toBeVisible();
  await arabic.getByRole('button', { name: 'الكل', exact: true }).click();
  await expect(arabic.getByTestId('aml-hit').filter({ hasText: email })).toContainText('مُغلق');
  await shots(arabic, 'aml-review-ar');
});

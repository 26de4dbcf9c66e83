import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, adminToken, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

const LOCALES = path.resolve(import.meta.dirname, '../src/i18n/locales');
const arabic = Object.assign({}, ...readdirSync(path.join(LOCALES, 'ar')).map((f) => JSON.parse(readFileSync(path.join(LOCALES, 'ar', f), 'utf8')))) as Record<string, string>;
const picture = (r: number) => sharp({ create: { width: 500, height: 300, channels: 3, background: { r, g: 120, b: 200 } } }).png().toBuffer();

test('the admin edits an item through the form, drops a picture on it and gives it Arabic texts, which an Arabic-reading customer sees', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const name = `Gold Basics ${Date.now()}`;
  const created = await apiCall<{ data: { id: number } }>(baseURL!, 'POST', '/admin/expert_advisors', {
    token: await adminToken(baseURL!),
    body: { name, description: 'Short notes on trading gold.', author: 'Bourse Academy', image: '/marketplace/cfd-course.svg', type: 'other', strategy: null, default_params: {}, features: [], amount: '0.00', billing: 'one_time', published: true, plan_ids: [] },
  });

  await openSignedIn(page, ADMIN, `/admin/catalogue/${created.data.id}`);
  const zone = page.getByTestId('image-drop-zone');
  const preview = zone.getByRole('img', { name: 'Item picture' });
  await expect(preview).toHaveAttribute('src', '/marketplace/cfd-course.svg');

  // Dropped: the file goes up and the zone shows what the server stored.
  const dropped = await page.evaluateHandle(async (b64) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'gold.png', { type: 'image/png' }));
    return transfer;
  }, (await picture(200)).toString('base64'));
  await zone.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(preview).not.toHaveAttribute('src', '/marketplace/cfd-course.svg');
  const first = await preview.getAttribute('src');
  expect(first).toMatch(/^\//);

  await zone.getByRole('button', { name: 'Remove picture' }).click();
  await expect(preview).toHaveCount(0);
  await page.getByLabel('Picture file').setInputFiles({ name: 'gold-2.png', mimeType: 'image/png', buffer: await picture(90) });
  await expect(preview).toBeVisible();
  const image = await preview.getAttribute('src');
  expect(image).not.toBe(first);

  await page.getByTestId('translation-ar').locator('summary').click();
  await page.getByLabel('Name in العربية').fill('أساسيات الذهب');
  await page.getByLabel('Description in العربية').fill('ملاحظات قصيرة عن تداول الذهب.');
  await screenshots(page, 'admin-catalogue-edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue$/);

  const items = await apiCall<{ data: { id: number; image: string; translations: Record<string, unknown> }[] }>(baseURL!, 'GET', '/admin/expert_advisors', { token: await adminToken(baseURL!) });
  expect(items.data.find((i) => i.id === created.data.id)).toMatchObject({ image, translations: { ar: { name: 'أساسيات الذهب', description: 'ملاحظات قصيرة عن تداول الذهب.' } } });

  await page.evaluate(() => localStorage.setItem('language-storage', 'ar'));
  await page.goto(`/admin/catalogue/${created.data.id}`);
  await expect(page.getByTestId('image-drop-zone')).toBeVisible();
  await screenshots(page, 'admin-catalogue-edit-ar');
  await page.evaluate(() => localStorage.removeItem('language-storage'));

  const customer = await newCustomer(baseURL!);
  const shop = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })).newPage();
  await shop.addInitScript(() => localStorage.setItem('language-storage', 'ar'));
  await openSignedIn(shop, customer, '/main/marketplace?category=others');
  await expect(shop.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(shop.getByRole('heading', { name: arabic['MARKET PLACE'] })).toBeVisible();
  const card = shop.getByRole('article', { name: 'أساسيات الذهب' });
  await expect(card).toContainText('ملاحظات قصيرة عن تداول الذهب.');
  await expect(card.locator('img').first()).toHaveAttribute('src', image!);
  await expect(shop.getByRole('article', { name })).toHaveCount(0);
  await screenshots(shop, 'marketplace-ar');
  await shop.context().close();
});

import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
// A site-wide rule while it is set: the spec runs alone (serial), and clears it at the end.
const THRESHOLD = 500_000;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
type Queue = { data: { id: number; status: string; source_of_funds_held: boolean; details: Record<string, unknown> }[] };

async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name);
}

async function inArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('language-storage', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test('a deposit past the threshold is held until the customer’s source of funds is approved, then the back office credits it', async ({ page, browser, baseURL }) => {
  test.setTimeout(process.env.CI ? 180_000 : 120_000);
  const admin = await adminToken(baseURL!);
  try {
    // The operator sets the threshold with the other AML rules.
    await openSignedIn(page, ADMIN, '/admin/aml');
    await page.getByLabel('Source of funds above').fill(String(THRESHOLD));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'AML settings saved.')).toBeVisible();

    // 10 BTC is worth far more than the threshold: the deposit is taken but held.
    const user = await newCustomer(baseURL!);
    const customer = await browser.newPage({ baseURL });
    await openSignedIn(customer, user, '/main/deposit/bitcoin');
    const report = customer.getByRole('form', { name: 'Report your deposit' });
    await report.getByLabel('Amount sent (BTC)').fill('10');
    const tx = randomBytes(32).toString('hex');
    await report.getByLabel('Transaction hash').fill(tx);
    await report.getByRole('button', { name: 'Submit deposit' }).click();
    await expect(toast(customer, 'Deposit submitted')).toBeVisible();
    const panel = customer.getByTestId('source-of-funds');
    await expect(panel.getByRole('heading', { name: 'Source of funds needed' })).toBeVisible();
    await expect(customer.getByRole('region', { name: 'Your deposits' }).getByTestId('sof-needed')).toHaveText('Source of funds needed');

    // Staff cannot credit it yet; the payments queue says why.
    const claim = (await apiCall<Queue>(baseURL!, 'GET', '/admin/money?kind=deposit', { token: admin })).data.find((r) => r.details.tx_hash === tx)!;
    expect(claim.source_of_funds_held).toBe(true);
    const refused = await fetch(`${baseURL}/api/v1/admin/money/${claim.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ credited_amount: 600_000 }),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('This deposit is held until the customer’s source-of-funds declaration is approved.');

    // The form refuses what is missing, then takes the declaration.
    const form = panel.getByRole('form', { name: 'Source-of-funds declaration' });
    await form.getByRole('button', { name: 'Send the declaration' }).click();
    await expect(form.getByText('Choose where the money comes from.')).toBeVisible();
    await expect(form.getByText('Attach a document that shows where the money comes from.')).toBeVisible();
    await form.getByLabel('Where does the money come from?').selectOption('property_sale');
    await form.getByLabel('Describe how you came by this money').fill('Sale of my flat in Lyon in March 2026, notarised.');
    await form.locator('input[type=file]').setInputFiles({ name: 'sale-deed.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(form.getByTestId('sof-document')).toHaveText('sale-deed.pdf');
    await shots(customer, 'sof-deposit-needed');
    await inArabic(customer);
    await expect(panel.getByRole('heading', { name: 'مطلوب مصدر الأموال' })).toBeVisible();
    await shots(customer, 'sof-deposit-needed-ar');
    await customer.evaluate(() => localStorage.setItem('language-storage', 'en'));
    await customer.reload();
    await form.getByLabel('Where does the money come from?').selectOption('property_sale');
    await form.getByLabel('Describe how you came by this money').fill('Sale of my flat in Lyon in March 2026, notarised.');
    await form.locator('input[type=file]').setInputFiles({ name: 'sale-deed.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Send the declaration' }).click();
    await expect(toast(customer, 'Declaration sent. We will review it shortly.')).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Source of funds under review' })).toBeVisible();

    // The back office reviews it in the AML area, with the document, and approves it.
    await page.reload();
    const item = page.getByTestId('sof-declaration').filter({ hasText: user.email });
    await expect(item.getByTestId('sof-detail')).toContainText('Sale of property');
    await expect(item.getByTestId('sof-detail')).toContainText('Deposits held: 1');
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: 'sale-deed.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('sale-deed.pdf');
    await item.scrollIntoViewIfNeeded();
    await screenshots(page, 'sof-review');
    const arabic = await browser.newPage({ baseURL });
    await arabic.addInitScript(() => localStorage.setItem('language-storage', 'ar'));
    await openSignedIn(arabic, ADMIN, '/admin/aml');
    await expect(arabic.getByTestId('sof-declaration').filter({ hasText: user.email })).toContainText('بيع عقار');
    await arabic.getByTestId('sof-declaration').filter({ hasText: user.email }).scrollIntoViewIfNeeded();
    await screenshots(arabic, 'sof-review-ar');
    await item.getByRole('button', { name: `Approve ${user.email}` }).click();
    await expect(toast(page, 'Source of funds approved.')).toBeVisible();
    await expect(item).toContainText('Approved by admin@bourse.local');

    // Now the deposit is credited as usual, and the customer's page says so.
    await apiCall(baseURL!, 'POST', `/admin/money/${claim.id}/approve`, { token: admin, body: { credited_amount: 600_000 } });
    await customer.reload();
    await expect(customer.getByRole('region', { name: 'Your deposits' }).getByTestId('money-request').first()).toContainText('Completed');
    await expect(customer.getByTestId('source-of-funds')).toHaveCount(0);
  } finally {
    await apiCall(baseURL!, 'PUT', '/admin/aml/settings', { token: admin, body: { source_of_funds_threshold: null } });
  }
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { ADMIN, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

const LOCALES = path.resolve(import.meta.dirname, '../src/i18n/locales');
const arabic = Object.assign({}, ...readdirSync(path.join(LOCALES, 'ar')).map((f) => JSON.parse(readFileSync(path.join(LOCALES, 'ar', f), 'utf8')))) as Record<string, string>;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const slow = process.env.CI ? 120_000 : 60_000;
/** Screenshots from the top of the page: the fixed header stays where a reader sees it. */
async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name);
}
/** A small PDF the server's content check accepts, as a portfolio statement. */
const STATEMENT = { name: 'portfolio-statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n') };

/** Signs the operator in on a page of its own and opens the back-office Requests page. */
async function adminRequests(browser: Browser, baseURL: string, language?: 'ar') {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  if (language) await admin.addInitScript((code) => localStorage.setItem('language-storage', code), language);
  await openSignedIn(admin, ADMIN, '/admin/requests');
  return admin;
}

/** Sends a request through the API as the client area does (setup for the screens that show one). */
async function requestByApi(baseURL: string, user: { email: string; password: string }) {
  const token = (await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: user })).data.token;
  const ctx = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await ctx.post('/api/v1/client-category/professional', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { trades_per_quarter: '12', portfolio_eur: '820000', sector_years: '2', sector_role: 'Analyst, Example Bank', acknowledged: 'true', evidence: STATEMENT },
    });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await ctx.dispose();
  }
}

test('a retail customer asks to be treated as professional, the back office approves, and the customer goes back to retail', async ({ page, browser, baseURL }) => {
  test.setTimeout(slow);
  const user = await newCustomer(baseURL!);
  await openSignedIn(page, user, '/main/client-category');
  await expect(page.getByTestId('client-category')).toHaveText('Retail client');

  // Every answer is checked before anything is sent, with the contract's words on each field.
  const form = page.getByRole('form', { name: 'Ask to be treated as a professional client' });
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(form.getByText('Enter the average number of significant-size trades you made per quarter over the last four quarters (0 or more).')).toBeVisible();
  await expect(form.getByText('Upload at least one document as evidence (statements, a portfolio valuation or an employer letter).')).toBeVisible();
  await expect(form.getByText('Confirm that you understand the protections you give up.')).toBeVisible();

  await form.getByLabel('Significant-size trades per quarter, on average over the last four quarters').fill('3');
  await form.getByLabel('Your financial-instrument portfolio, cash deposits included (EUR)').fill('750000');
  await form.getByLabel('Years worked in the financial sector in a position that needs knowledge of these trades').fill('0');
  await expect(form.getByTestId('criteria-count')).toHaveText('Criteria met so far: 1 of 3 (2 needed).');
  await form.locator('input[type=file]').setInputFiles(STATEMENT);
  await expect(form.getByRole('list', { name: 'Files to send' })).toContainText('portfolio-statement.pdf');
  await form.getByRole('checkbox', { name: 'I understand the protections I give up and ask to be treated as a professional client.' }).check();
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(form.getByText(/^At least two of the three criteria must be met/)).toBeVisible();

  // Two criteria met: the request goes, with what the customer gives up in front of them.
  await form.getByLabel('Significant-size trades per quarter, on average over the last four quarters').fill('14');
  await expect(form.getByTestId('criteria-count')).toHaveText('Criteria met so far: 2 of 3 (2 needed).');
  await expect(form.getByTestId('protections')).toContainText('You keep negative balance protection');
  await shots(page, 'client-category-form');
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(toast(page, 'Your request has been sent. We will let you know once it is reviewed.')).toBeVisible();
  const waiting = page.getByRole('status').filter({ hasText: 'Your request is waiting for a decision' });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByTestId('criteria-met')).toContainText('14 significant-size trades a quarter');
  await expect(page.getByRole('form', { name: 'Ask to be treated as a professional client' })).toHaveCount(0);
  await shots(page, 'client-category-pending');

  const admin = await adminRequests(browser, baseURL!);
  const row = admin.getByTestId('professional-request').filter({ hasText: user.email });
  await expect(row).toContainText('pending');
  await expect(row.getByRole('button', { name: 'portfolio-statement.pdf' })).toBeVisible();
  await shots(admin, 'admin-professional-requests');
  await row.getByRole('button', { name: `Approve ${user.email}` }).click();
  await expect(row).toContainText('Approved by admin@bourse.local');

  // The decision comes over the user channel; a reload shows the same from the server in any case.
  await expect(page.getByTestId('client-category')).toHaveText('Professional client', { timeout: 15_000 }).catch(async () => {
    await page.reload();
    await expect(page.getByTestId('client-category')).toHaveText('Professional client');
  });
  await expect(page.getByRole('status').filter({ hasText: 'Request approved' })).toBeVisible();
  await shots(page, 'client-category-professional');

  await page.getByRole('button', { name: 'Go back to retail' }).click();
  await page.getByRole('button', { name: 'Confirm: back to retail' }).click();
  await expect(toast(page, 'You are now a retail client: the leverage caps for retail clients apply from your next order.')).toBeVisible();
  await expect(page.getByTestId('client-category')).toHaveText('Retail client');
  await expect(page.getByRole('form', { name: 'Ask to be treated as a professional client' })).toBeVisible();
});

test('the client category screens and the back-office queue in Arabic', async ({ page, browser, baseURL }) => {
  test.setTimeout(slow);
  const fresh = await newCustomer(baseURL!);
  await page.addInitScript(() => localStorage.setItem('language-storage', 'ar'));
  await openSignedIn(page, fresh, '/main/client-category');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('client-category')).toHaveText(arabic['Retail client']!);
  const form = page.getByRole('form', { name: arabic['Ask to be treated as a professional client']! });
  await form.getByRole('button', { name: arabic['Send my request']! }).click();
  await expect(form.getByText(arabic['Confirm that you understand the protections you give up.']!)).toBeVisible();
  await shots(page, 'client-category-form-ar');

  const asking = await newCustomer(baseURL!);
  await requestByApi(baseURL!, asking);
  const admin = await adminRequests(browser, baseURL!, 'ar');
  const row = admin.getByTestId('professional-request').filter({ hasText: asking.email });
  await expect(row.getByTestId('criteria-met')).toContainText(arabic['{{trades}} significant-size trades a quarter (at least {{needed}})']!.replace('{{trades}}', '12').replace('{{needed}}', '10'));
  await shots(admin, 'admin-professional-requests-ar');
});

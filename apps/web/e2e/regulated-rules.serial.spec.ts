import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { appropriatenessQuestions } from '@bourse/contract';
import { ADMIN, adminToken, apiCall, newCustomer, openRoom, openSignedIn, screenshots, test } from './helpers';

const LOCALES = path.resolve(import.meta.dirname, '../src/i18n/locales');

/** What the app shows for an English message in a language, read from the catalogues it loads. */
function translate(language: string, english: string): string {
  if (language === 'en') return english;
  for (const file of readdirSync(path.join(LOCALES, language))) {
    const entries = JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')) as Record<string, string>;
    if (entries[english]) return entries[english];
  }
  throw new Error(`${language} has no "${english}"`);
}

/** The operator's figure, shown until the quarterly computation counts accounts. */
const OPERATOR_PERCENT = 76;

test.beforeAll(async ({ baseURL }) => {
  await apiCall(baseURL!, 'PUT', '/admin/settings', { token: await adminToken(baseURL!), body: { risk_warning_percent: OPERATOR_PERCENT } });
});
test.afterAll(async ({ baseURL }) => {
  await apiCall(baseURL!, 'PUT', '/admin/settings', { token: await adminToken(baseURL!), body: { risk_warning_percent: null, appropriateness_test: 'warn' } });
});

/** The sentence with the figure the server gives: the operator's, or a computed one where a quarter already counted accounts. */
async function percentSentence(baseURL: string, language: string): Promise<string> {
  const { data } = await apiCall<{ data: { percent: number; source: string } }>(baseURL, 'GET', '/risk-warning');
  if (data.source === 'operator') expect(data.percent).toBe(OPERATOR_PERCENT);
  return translate(language, '{{percent}}% of retail investor accounts lose money when trading CFDs with this provider.').replace('{{percent}}', String(data.percent));
}

for (const language of ['en', 'ar']) {
  test(`the risk warning gives the firm’s figure at sign-up, sign-in, in the client area and the trading room (${language})`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const sentence = await percentSentence(baseURL!, language);
    if (language !== 'en') await page.addInitScript((code) => localStorage.setItem('language-storage', code), language);
    await page.goto('/signup');
    await expect(page.getByTestId('risk-banner-wide')).toContainText(sentence);
    await screenshots(page, `risk-warning-signup-${language}`);
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText(sentence);
    await screenshots(page, `risk-warning-login-${language}`);

    const customer = await newCustomer(baseURL!);
    await openSignedIn(page, customer, '/main/dashboard');
    await expect(page.getByTestId('risk-warning-line')).toContainText(sentence);
    await screenshots(page, `risk-warning-client-area-${language}`);
    // The approval notice over the top bar stays: its Close button is named in the language shown.
    await openRoom(page, customer, { keepNotice: true });
    await expect(page.getByTestId('risk-warning-line')).toContainText(sentence);
    await screenshots(page, `risk-warning-trading-room-${language}`);
  });
}

test('with the test set to refuse, answers below the pass score are refused a live account, with when to try again', async ({ page, baseURL }) => {
  await apiCall(baseURL!, 'PUT', '/admin/settings', { token: await adminToken(baseURL!), body: { appropriateness_test: 'refuse', appropriateness_retake_days: 30 } });
  const customer = await newCustomer(baseURL!, { appropriateness: false });
  await openSignedIn(page, customer, '/main/accounts');
  await page.getByRole('button', { name: 'Open account' }).click();
  const form = page.getByRole('dialog', { name: 'Open account' });
  await form.getByRole('radio').nth(1).check();
  await form.getByRole('button', { name: 'Open account' }).click();
  // Nothing known of CFDs or trading: the first answer that scores nothing, to every question.
  const groups = page.getByRole('group');
  for (const [index, q] of appropriatenessQuestions.entries()) await groups.nth(index).getByRole('radio').nth(q.answers.findIndex((a) => a.points === 0)).check();
  await page.getByRole('button', { name: 'Send answers' }).click();
  const refused = page.getByTestId('appropriateness-refused');
  await expect(refused.getByText('A live account cannot be opened')).toBeVisible();
  await expect(page.getByTestId('appropriateness-score')).toHaveText('Your answers scored 0 of 16 points; we consider CFDs appropriate from 8.');
  await expect(refused.getByText(/^You may answer the questions again from /)).toBeVisible();
  await screenshots(page, 'appropriateness-refused');
  await refused.getByRole('button', { name: 'Close' }).click();
  // Only the accounts every customer gets: no live account was opened.
  await expect(page.getByTestId('account-card')).toHaveCount(2);
  await expect(page.getByTestId('appropriateness-notice')).toContainText('From your answers, trading CFDs does not appear appropriate for you');

  // The back office sets the mode and the figure in Site settings, and sees which figure is shown.
  const admin = await page.context().browser()!.newPage({ baseURL, viewport: { width: 1280, height: 800 } });
  await openSignedIn(admin, ADMIN, '/admin/settings');
  const section = admin.getByRole('region', { name: 'Appropriateness and risk warning' });
  await expect(section.getByLabel('Appropriateness test')).toHaveValue('refuse');
  await expect(section.getByLabel('Retail accounts losing money (%)')).toHaveValue(String(OPERATOR_PERCENT));
  const { data } = await apiCall<{ data: { percent: number; source: string } }>(baseURL!, 'GET', '/risk-warning');
  await expect(admin.getByTestId('risk-figure-shown')).toContainText(data.source === 'operator' ? `${OPERATOR_PERCENT}%, the figure set here` : `${data.percent}%, computed for the twelve months to`);
  await section.scrollIntoViewIfNeeded();
  await screenshots(admin, 'appropriateness-site-settings');
});

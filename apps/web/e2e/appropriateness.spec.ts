import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { appropriatenessQuestions } from '@bourse/contract';
import { ADMIN, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

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

/** Knows what a CFD is and that losses can reach the balance, has never traded: 4 of 16 points. */
const novice: Record<string, string> = {
  cfd_nature: 'contract',
  leverage_effect: 'fifty',
  margin_close_out: 'dont_know',
  loss_extent: 'balance',
  experience: 'never',
  frequency: 'none',
  background: 'neither',
};

/** Opens the dialog for a live USD account, which asks the questions first. */
async function askForLiveAccount(page: Page, language: string) {
  const t = (text: string) => translate(language, text);
  await page.getByRole('button', { name: t('Open account') }).click();
  const form = page.getByRole('dialog', { name: t('Open account') });
  // Demo, then Live.
  await form.getByRole('radio').nth(1).check();
  await form.getByRole('button', { name: t('Open account') }).click();
  const dialog = page.getByRole('dialog', { name: t('Your trading knowledge and experience') });
  await expect(dialog.getByRole('form', { name: t('Trading knowledge and experience') })).toBeVisible();
  return dialog;
}

/** Picks the novice's answers, each by its place among the question's choices (the same in every language). */
async function answerAsNovice(page: Page) {
  const groups = page.getByRole('group');
  for (const [index, q] of appropriatenessQuestions.entries()) {
    const choice = q.answers.findIndex((a) => a.id === novice[q.id]);
    await groups.nth(index).getByRole('radio').nth(choice).check();
  }
}

test('before a first live account the customer answers the questions and confirms the warning', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const customer = await newCustomer(baseURL!, { appropriateness: false });
  await openSignedIn(page, customer, '/main/accounts');
  // The live account every customer gets is not traded before the questions either.
  await expect(page.getByTestId('appropriateness-notice')).toContainText('Before you trade on a live account, answer a few questions');
  await screenshots(page, 'appropriateness-notice');

  const dialog = await askForLiveAccount(page, 'en');
  // Every question unanswered is named on the spot.
  await dialog.getByRole('button', { name: 'Send answers' }).click();
  await expect(dialog.getByText('Choose an answer to this question.')).toHaveCount(appropriatenessQuestions.length);
  for (const q of appropriatenessQuestions) await expect(dialog.getByRole('group').filter({ hasText: q.text })).toBeVisible();
  await answerAsNovice(page);
  await expect(dialog.getByText('Choose an answer to this question.')).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'Never', exact: true })).toBeChecked();
  await screenshots(page, 'appropriateness-questions');
  await dialog.getByRole('button', { name: 'Send answers' }).click();

  const warning = page.getByTestId('appropriateness-warning');
  await expect(warning.getByText('CFDs may not be appropriate for you')).toBeVisible();
  await expect(page.getByTestId('appropriateness-score')).toHaveText('Your answers scored 4 of 16 points; we consider CFDs appropriate from 8.');
  const go = warning.getByRole('button', { name: 'Continue' });
  await expect(go).toBeDisabled();
  await warning.getByLabel('I have read this warning and understand that CFDs may not be appropriate for me. I wish to go on.').check();
  await screenshots(page, 'appropriateness-warning');
  await go.click();
  await expect(page.getByText('Your live USD account is open.')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Live accounts' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('appropriateness-notice')).toBeHidden();
});

test('the back office reads a client’s answers and score in the client’s details', async ({ page, baseURL }) => {
  const customer = await newCustomer(baseURL!, { appropriateness: false });
  const { data } = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: customer.email, password: customer.password } });
  await apiCall(baseURL!, 'POST', '/appropriateness', { token: data.token, body: { answers: novice } });
  await apiCall(baseURL!, 'POST', '/appropriateness/acknowledge', { token: data.token, body: { acknowledge: true } });
  await openSignedIn(page, ADMIN, '/admin/clients');
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(customer.email);
  await expect(page.getByText('1 client match')).toBeVisible();
  await page.getByRole('button', { name: `${customer.firstName} Tester` }).filter({ visible: true }).click();
  const details = page.getByRole('dialog', { name: `${customer.firstName} Tester` });
  await details.getByRole('tab', { name: 'Appropriateness' }).click();
  await expect(details.getByTestId('appropriateness-admin-score')).toHaveText('4 of 16 (pass: 8)');
  await expect(details.getByText('Below the pass score, warning confirmed')).toBeVisible();
  const answers = details.getByTestId('appropriateness-answers').getByRole('listitem');
  await expect(answers).toHaveCount(appropriatenessQuestions.length);
  await expect(answers.nth(3)).toContainText('More than the margin I put up, up to the whole balance of my account');
  await screenshots(page, 'appropriateness-back-office');
});

test('the questionnaire and the warning in Arabic', async ({ page, baseURL }) => {
  const customer = await newCustomer(baseURL!, { appropriateness: false });
  await page.addInitScript(() => localStorage.setItem('language-storage', 'ar'));
  await openSignedIn(page, customer, '/main/accounts');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const dialog = await askForLiveAccount(page, 'ar');
  await expect(dialog.getByRole('group').first()).toContainText(translate('ar', appropriatenessQuestions[0].text));
  await answerAsNovice(page);
  await screenshots(page, 'appropriateness-questions-ar');
  await dialog.getByRole('button', { name: translate('ar', 'Send answers') }).click();
  const warning = page.getByTestId('appropriateness-warning');
  await expect(warning.getByText(translate('ar', 'CFDs may not be appropriate for you'))).toBeVisible();
  await warning.getByRole('checkbox').check();
  await screenshots(page, 'appropriateness-warning-ar');
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { apiCall, newCustomer, openSignedIn, screenshots, signIn, test } from './helpers';
import { navigate } from './support/navigate';

const LOCALES = path.resolve(import.meta.dirname, '../src/i18n/locales');

/** What the app shows for an English message in a language, read from the same catalogues it loads. */
function translate(language: string, english: string): string {
  for (const file of readdirSync(path.join(LOCALES, language))) {
    const entries = JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')) as Record<string, string>;
    if (entries[english]) return entries[english];
  }
  throw new Error(`${language} has no "${english}"`);
}

const html = (page: Page) => page.locator('html');

async function chooseFromMenu(page: Page, name: string) {
  await page.getByTestId('language-menu').first().click();
  await page.getByRole('menuitemradio', { name }).click();
}

test('the menu on the sign-in page shows it in Spanish at once and Arabic mirrors it; the device remembers', async ({ page }) => {
  await page.goto('/');
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  await chooseFromMenu(page, 'Español');
  await expect(html(page)).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: translate('es', 'Log in') })).toBeVisible();
  await expect(page.getByLabel(translate('es', 'Password'), { exact: true })).toBeVisible();

  await chooseFromMenu(page, 'العربية');
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  const button = page.getByRole('button', { name: translate('ar', 'Log in') });
  await expect(button).toBeVisible();
  // Mirrored: the form's fields start at the right edge.
  const field = await page.getByLabel(translate('ar', 'Email')).boundingBox();
  const label = await page.getByText(translate('ar', 'Email'), { exact: true }).first().boundingBox();
  expect(label!.x + label!.width).toBeGreaterThan(field!.x + field!.width - 40);
  await screenshots(page, 'language-login-ar');

  await page.reload();
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: translate('ar', 'Log in') })).toBeVisible();
});

async function tokenOf(baseURL: string, user: { email: string; password: string }) {
  return (await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: { email: user.email, password: user.password } })).data.token;
}

const savedLanguage = async (baseURL: string, token: string) => (await apiCall<{ data: { language?: string } }>(baseURL, 'GET', '/user/preferences', { token })).data.language;

test('a language chosen in Settings formats numbers its way, is kept on the server and follows the customer to another browser', async ({ page, browser, baseURL }) => {
  const user = await newCustomer(baseURL!);
  await openSignedIn(page, user, '/main/settings');
  await expect(page.getByTestId('language-choice')).toHaveValue('en');

  await page.getByTestId('language-choice').selectOption('de');
  await expect(html(page)).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: translate('de', 'Settings'), exact: true })).toBeVisible();
  const token = await tokenOf(baseURL!, user);
  await expect.poll(() => savedLanguage(baseURL!, token)).toBe('de');

  // German money: a dot between thousands, a comma before the cents, the sign after the amount.
  await navigate(page, '/main/dashboard');
  await expect(page.locator('main')).toContainText(/\d\.\d{3},\d\d\s\$/);

  // Another browser, set to English, shows German once this customer signs in.
  const other = await browser.newContext({ locale: 'en-US' });
  const second = await other.newPage();
  await second.goto('/');
  await expect(html(second)).toHaveAttribute('lang', 'en');
  await signIn(second, user);
  await expect(html(second)).toHaveAttribute('lang', 'de');
  await second.goto('/main/settings');
  await expect(second.getByTestId('language-choice')).toHaveValue('de');
  await other.close();
});

test('Arabic mirrors the client area and the trading room', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const user = await newCustomer(baseURL!);
  await openSignedIn(page, user, '/main/dashboard');
  await chooseFromMenu(page, 'العربية');
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  const token = await tokenOf(baseURL!, user);
  await expect.poll(() => savedLanguage(baseURL!, token)).toBe('ar');
  await page.goto('/main/dashboard');
  // The section links sit on the right, where an Arabic reader starts.
  const nav = await page.getByRole('link', { name: translate('ar', 'Dashboard') }).first().boundingBox();
  expect(nav!.x).toBeGreaterThan(640);
  await screenshots(page, 'language-dashboard-ar');
  await navigate(page, '/main/settings');
  await expect(page.getByTestId('language-choice')).toHaveValue('ar');
  await screenshots(page, 'language-settings-ar');
  await navigate(page, '/mt4');
  await expect(page.getByTestId('price-chart')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: translate('ar', 'Add pair') })).toBeVisible();
  await screenshots(page, 'language-trading-room-ar');
});

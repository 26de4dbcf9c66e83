import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { changeSettings, enterMailedCode, newCustomer, screenshots, test } from './helpers';

// These change site-wide settings: each test restores what it changed.
test.describe.configure({ mode: 'serial' });

const uniqueEmail = () => `variant.${randomBytes(5).toString('hex')}@example.com`;

async function withSettings(baseURL: string, patch: Record<string, unknown>, body: () => Promise<void>) {
  const previous = await changeSettings(baseURL, patch);
  try {
    await body();
  } finally {
    await changeSettings(baseURL, previous);
  }
}

async function fillNames(page: Page, email: string) {
  await page.getByLabel('First name').fill('Ida');
  await page.getByLabel('Last name').fill('Variant');
  await page.getByLabel('Username').fill(email.split('@')[0]!);
  await page.getByLabel('Phone').fill('+44 20 7946 0000');
}

test('r_page "ic": /register starts with the email step, then the full form after the country step', async ({ page, baseURL }) => {
  await withSettings(baseURL!, { r_page: 'ic' }, async () => {
    const email = uniqueEmail();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Live Trading Account Application' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign up now' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await screenshots(page, 'register-ic');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('variant-ic-1');
    await page.getByRole('button', { name: 'Sign up now' }).click();
    await enterMailedCode(page, email);
    await expect(page).toHaveURL(/\/register\/country-residence$/);
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Create your trading account' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
    await fillNames(page, email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Registration successful! Your account is ready.')).toBeVisible();
    await expect(page).toHaveURL(/\/main\/dashboard$/);
  });
});

test('r_page "td": one page with every validation', async ({ page, baseURL }) => {
  const existing = await newCustomer(baseURL!);
  await withSettings(baseURL!, { r_page: 'td' }, async () => {
    const email = uniqueEmail();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Open a live trading account' })).toBeVisible();
    await page.getByRole('button', { name: 'Open my account' }).click();
    for (const message of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Username must be at least 3 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Password must be at least 8 characters',
      'Please agree to the Privacy Policy',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await fillNames(page, email);
    await page.getByLabel('Email', { exact: true }).fill(existing.email);
    await page.getByLabel('Country', { exact: true }).selectOption('japan');
    await page.getByLabel('Nationality').selectOption('japan');
    await page.getByLabel('Password', { exact: true }).fill('variant-td-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('variant-td-2');
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await expect(page.getByText('Please agree to the Privacy Policy')).toBeHidden();
    await page.getByRole('button', { name: 'Open my account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await screenshots(page, 'register-compact');

    await page.getByLabel('Confirm password', { exact: true }).fill('variant-td-1');
    await page.getByRole('button', { name: 'Open my account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Email is already registered' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Open my account' }).click();
    await enterMailedCode(page, email);
    await expect(page.getByText('Registration successful! Your account is ready.')).toBeVisible();
    await expect(page).toHaveURL(/\/main\/dashboard$/);
  });
});

test('the sign-up page shows the operator logo, texts and legal links from settings', async ({ page, baseURL }) => {
  const branding = {
    logo: `${baseURL}/favicon.svg?v=wide`,
    logo_sm: `${baseURL}/favicon.svg?v=small`,
    website_url: 'https://broker.example.com/',
    register_page_header: 'Regulated by the Example Financial Authority',
    register_page_footer: 'Example Markets Ltd, 1 Trade Street, London.',
    terms_url: 'https://broker.example.com/terms',
    privacy_url: 'https://broker.example.com/privacy',
    risk_url: 'https://broker.example.com/risk',
    help_url: 'https://broker.example.com/help',
  };
  await withSettings(baseURL!, branding, async () => {
    await page.goto('/signup');
    const logoLink = page.getByTestId('site-logo-link');
    await expect(logoLink).toHaveAttribute('href', branding.website_url);
    await expect(logoLink).toHaveAttribute('target', '_blank');
    await expect(logoLink.getByRole('img').filter({ visible: true })).toHaveAttribute('src', branding.logo);
    await expect(page.getByTestId('register-page-header')).toHaveText(branding.register_page_header);
    await expect(page.getByTestId('register-page-footer')).toHaveText(branding.register_page_footer);
    const legal = page.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', branding.terms_url);
    await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', branding.privacy_url);
    await expect(legal.getByRole('link', { name: 'Risk Disclosure' })).toHaveAttribute('href', branding.risk_url);
    await expect(legal.getByRole('link', { name: 'Help Centre' })).toHaveAttribute('href', branding.help_url);
    await screenshots(page, 'signup-branded');

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(logoLink.getByRole('img').filter({ visible: true })).toHaveAttribute('src', branding.logo_sm);
    await expect(page.getByTestId('register-page-header')).toBeHidden();
    await expect(page.getByTestId('register-page-footer')).toBeHidden();
    await expect(legal).toBeHidden();
  });
});

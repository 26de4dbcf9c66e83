import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, enterMailedCode, lastMail, lastMailedCode, newCustomer, openSignedIn, screenshots, test } from './helpers';

const uniqueEmail = () => `reg.${randomBytes(5).toString('hex')}@example.com`;
const savedData = (page: Page) => page.evaluate(() => sessionStorage.getItem('registration_data'));

test('step one validates on submit, keeps a registered email on the page, and pitches the broker', async ({ page, baseURL }) => {
  const existing = await newCustomer(baseURL!);
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Live Trading Account Application' })).toBeVisible();
  // No made-up review count, and no sign-up buttons that do nothing.
  await expect(page.getByText(/reviews/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Google|Apple|LinkedIn/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Trade with the best/ })).toBeVisible();
  await expect(page.getByText('2000+ products').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Language: English' })).toHaveText('EN');
  await expect(page.getByRole('link', { name: 'Log in here' })).toHaveAttribute('href', '/');
  await screenshots(page, 'signup');

  await page.getByRole('button', { name: 'Sign up now' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign up now' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByRole('button', { name: 'Sign up now' }).click();
  await expect(page.getByText('Email is already registered')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  expect(await savedData(page)).toBeNull();
});

test('the three steps verify the email by a mailed code and end signed in, with the chosen countries', async ({ page, baseURL }) => {
  test.slow();
  const email = uniqueEmail();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/auth/check-email', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('three-steps-1');
  await page.getByRole('button', { name: 'Sign up now' }).click();
  const checking = page.getByRole('button', { name: 'Checking email availability...' });
  await expect(checking).toBeDisabled();
  release();

  // Nothing is called verified until the code mailed to the address comes back.
  const codeStep = page.getByRole('form', { name: 'Confirm your email' });
  await expect(codeStep).toContainText(`We sent a 6-digit code to ${email}`);
  await expect(page).toHaveURL(/\/signup$/);
  expect(await savedData(page)).toBeNull();
  const code = await lastMailedCode(email);
  await page.getByLabel('Verification code').fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByText('That code is not right. Check the email and try again.')).toBeVisible();
  await screenshots(page, 'signup-code');
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByText('Email verified successfully! Please continue with registration.')).toBeVisible();
  await expect(page).toHaveURL(/\/register\/country-residence$/);
  expect(JSON.parse((await savedData(page))!)).toMatchObject({ email, password: 'three-steps-1', country: 'united-states', email_token: expect.any(String) });

  await expect(page.getByRole('heading', { name: "Let's get you set up!" })).toBeVisible();
  for (const step of ['Set Up', 'Financial Profile', 'ID Check']) await expect(page.getByRole('list', { name: 'Registration progress' })).toContainText(step);
  await expect(page.getByTestId('onboarding-notice')).toContainText('Bourse');
  await expect(page.getByLabel('Country of Residence')).toHaveValue('united-states');
  await expect(page.getByLabel('Nationality')).toHaveValue('united-states');
  const privacy = page.getByRole('checkbox', { name: /Privacy Policy.*over 18/ });
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await privacy.check();
  await privacy.uncheck();
  await expect(page.getByText('Please agree to the Privacy Policy')).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByLabel('Country of Residence').selectOption('germany');
  await page.getByLabel('Nationality').selectOption('france');
  await privacy.check();
  await expect(next).toBeEnabled();
  await screenshots(page, 'register-country');
  await next.click();

  await expect(page).toHaveURL(/\/register$/);
  expect(JSON.parse((await savedData(page))!)).toMatchObject({ countryOfResidence: 'germany', nationality: 'france', agreePrivacy: true });
  await expect(page.getByRole('heading', { name: 'Create your trading account' })).toBeVisible();
  for (const hidden of ['Email', 'Country', 'Nationality', 'Password', 'Confirm password']) await expect(page.getByLabel(hidden, { exact: true })).toHaveCount(0);
  await expect(page.getByText(/promo/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/');
  await page.getByRole('button', { name: 'Create account' }).click();
  for (const message of ['First name must be at least 2 characters', 'Last name must be at least 2 characters', 'Username must be at least 3 characters', 'Please enter a valid phone number']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Username').fill(email.split('@')[0]!);
  await page.getByLabel('Phone').fill('+49 30 1234567');
  await screenshots(page, 'register-full-carried');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Signed in at the end: the client area, no second trip through the login page.
  await expect(page.getByText('Registration successful! Your account is ready.')).toBeVisible();
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  expect(await savedData(page)).toBeNull();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user-storage') ?? '{}').state?.token)).toEqual(expect.any(String));
  await screenshots(page, 'register-done');
  const found = await apiCall<{ data: { id: number }[] }>(baseURL!, 'GET', `/admin/clients?search=${encodeURIComponent(email)}`, { token: await adminToken(baseURL!) });
  const user = await apiCall<{ data: { country: string; nationality: string; first_name: string } }>(baseURL!, 'GET', `/admin/clients/${found.data[0]!.id}`, { token: await adminToken(baseURL!) });
  expect(user.data).toMatchObject({ country: 'germany', nationality: 'france', first_name: 'Ann' });
});

test('the full form without saved data shows every field and every message, and asks for the code itself', async ({ page, baseURL }) => {
  test.slow();
  const existing = await newCustomer(baseURL!);
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your trading account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  for (const message of [
    'First name must be at least 2 characters',
    'Last name must be at least 2 characters',
    'Username must be at least 3 characters',
    'Please enter a valid email address',
    'Please enter a valid phone number',
    'Password must be at least 8 characters',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('First name').fill('Bo');
  await page.getByLabel('Last name').fill('Li');
  await page.getByLabel('Username').fill(`bo${randomBytes(3).toString('hex')}`);
  await page.getByLabel('Email', { exact: true }).fill(existing.email);
  await page.getByLabel('Phone').fill('5550001111');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('united-states');
  await page.getByLabel('Nationality').selectOption('canada');
  await page.getByLabel('Password', { exact: true }).fill('password-one');
  await page.getByLabel('Confirm password', { exact: true }).fill('password-two');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await screenshots(page, 'register-full-errors');

  await page.getByLabel('Confirm password', { exact: true }).fill('password-one');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('[data-sonner-toast]').getByText('Email is already registered')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Email is already registered' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  // A new address: the code is asked for on the spot, and the account opens signed in.
  const email = uniqueEmail();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Use another email' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await enterMailedCode(page, email);
  await expect(page).toHaveURL(/\/main\/dashboard$/);
});

test('the country step without saved data sends the visitor back to /signup', async ({ page }) => {
  await page.goto('/register/country-residence');
  await expect(page.getByText('Please complete the registration process first')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a signed-in user visiting the registration screens goes to /main', async ({ page, baseURL }) => {
  await openSignedIn(page, await newCustomer(baseURL!), '/signup');
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  for (const path of ['/register', '/register/country-residence']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/main\/dashboard$/);
  }
});

test('an admin visiting the registration screens goes to the back office', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/signup');
  await expect(page).toHaveURL(/\/admin\/clients$/);
});

test('on small screens the risk warning collapses and the login link asks for the basic login', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/signup');
  const banner = page.getByTestId('risk-banner-small');
  await expect(banner.getByText('Trading CFDs carries a high level of risk')).toBeVisible();
  await expect(page.getByTestId('risk-banner-wide')).toBeHidden();
  await banner.getByRole('button', { name: 'Close' }).click();
  await expect(banner.getByText('Trading CFDs carries a high level of risk')).toBeHidden();
  await banner.getByRole('button', { name: 'Show risk warning' }).click();
  await expect(banner.getByText('Trading CFDs carries a high level of risk')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in here' })).toHaveAttribute('href', '/?type=basic');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('risk-banner-wide')).toBeVisible();
  await expect(banner).toBeHidden();
});

test('in Arabic the code step is mirrored and the code is mailed in Arabic', async ({ page }) => {
  test.slow();
  await page.addInitScript(() => localStorage.setItem('language-storage', 'ar'));
  const email = uniqueEmail();
  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[autocomplete=new-password]').fill('arabic-steps-1');
  await page.locator('form button[type=submit]').click();
  const code = page.getByLabel('رمز التحقق');
  await expect(code).toBeVisible();
  expect(await lastMail(email)).toMatch(/^Subject: رمزك لدى/m);
  await code.fill('000000');
  await screenshots(page, 'signup-code-ar');
});

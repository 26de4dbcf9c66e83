import { expect } from '@playwright/test';
import { ADMIN, apiCall, lastMailedLink, newCustomer, screenshots, signIn, test } from './helpers';

test('forgot password mails a link that sets a new password', async ({ page, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await screenshots(page, 'forgot-password');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If that email is registered, we have sent a link to reset the password.')).toBeVisible();

  const link = await lastMailedLink(customer.email, '/forgot-password?token=');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await screenshots(page, 'reset-password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset. You can now log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, { email: customer.email, password: 'brand-new-pass-1' });
  await expect(page).toHaveURL(/\/main\/dashboard$/);
});

test('an unknown email gets the same neutral answer', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody.at.all@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If that email is registered, we have sent a link to reset the password.')).toBeVisible();
});

test('a used or made-up reset link says it is not valid', async ({ page }) => {
  await page.goto('/forgot-password?token=not-a-real-token-0123456789');
  await page.getByLabel('New password', { exact: true }).fill('whatever-pass-1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('whatever-pass-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
});

test('a made-up sign-in link shows a clear error with a way to log in', async ({ page }) => {
  await page.goto('/auto-login?token=made-up-token-0123456789abcdef');
  await expect(page.getByRole('heading', { name: 'Sign-in link not valid' })).toBeVisible();
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
  await screenshots(page, 'auto-login-invalid');
  await page.getByRole('link', { name: 'Go to log in' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('an admin logs in to the back office and logs out, which revokes the token', async ({ page, baseURL }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/clients$/);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user-storage')!).state.token as string);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Site settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(apiCall(baseURL!, 'GET', '/user', { token })).rejects.toThrow(/401/);
  await page.goto('/admin/clients');
  await expect(page).toHaveURL(/\/$/);
});

import { expect } from '@playwright/test';
import { newCustomer, screenshots, signIn, test } from './helpers';

test('a customer logs in, sees the dashboard and logs out', async ({ page, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  await page.goto('/');
  await screenshots(page, 'login');
  await signIn(page, customer);
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${customer.firstName}` })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('$10,000.00');
  await screenshots(page, 'dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/main/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('a wrong password shows the server message and stays on the login page', async ({ page, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  await page.goto('/');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await screenshots(page, 'not-found');
});

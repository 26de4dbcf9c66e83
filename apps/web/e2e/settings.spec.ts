import { expect } from '@playwright/test';
import { apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';
import { navigate } from './support/navigate';

test('a customer changes display, time zone and notification settings, which persist on the server', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  const { data } = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  await openSignedIn(page, user, '/main/settings');
  const form = page.getByRole('form', { name: 'Settings' });
  await expect(form.getByLabel('Time zone')).toHaveValue('UTC');
  await expect(form.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  await form.getByLabel('Time zone').selectOption('Asia/Tokyo');
  await form.getByLabel('Sounds').click();
  await form.getByLabel('Deposits and withdrawals by email').uncheck();
  await form.getByLabel('Trading by email').check();
  await screenshots(page, 'settings');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Settings saved' })).toBeVisible();

  const { data: saved } = await apiCall<{ data: Record<string, unknown> }>(baseURL!, 'GET', '/user/preferences', { token: data.token });
  expect(saved).toMatchObject({ time_zone: 'Asia/Tokyo', sound: false, notifications: { money: { in_app: true, email: false }, trading: { in_app: true, email: true } } });
  await page.reload();
  await expect(form.getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
  await expect(form.getByLabel('Deposits and withdrawals by email')).not.toBeChecked();

  await navigate(page, '/main/test');
  const checks = page.getByRole('list', { name: 'Connection checks' });
  await expect(checks).toContainText(/Reachable, \d+ ms/);
  await expect(checks).toContainText('Connected');
  await screenshots(page, 'test-page');
});

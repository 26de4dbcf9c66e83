import { expect } from '@playwright/test';
import { apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

type Me = { data: { accounts: { id: number; kind: string; balance: string }[] } };

test('a customer moves money into savings and back, and sees the rate, balance and history', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  const { data } = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const me = async () => (await apiCall<Me>(baseURL!, 'GET', '/user', { token: data.token })).data.accounts.find((a) => a.kind === 'live')!;
  const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Eve Tester' };
  await apiCall(baseURL!, 'POST', '/deposits/card', { token: data.token, body: { account_id: (await me()).id, amount: 2000, card } });

  await openSignedIn(page, user, '/main/savings');
  await expect(page.getByTestId('savings-rate')).toHaveText('3.50 %');
  await expect(page.getByText('Nothing yet: move money in to start earning.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Move money' });
  await form.getByLabel('Amount').fill('2500');
  await form.getByRole('button', { name: 'Move to savings' }).click();
  await expect(form.getByText('Your free margin does not cover this amount.')).toBeVisible();
  await form.getByLabel('Amount').fill('1500');
  await form.getByRole('button', { name: 'Move to savings' }).click();
  await expect(page.getByTestId('savings-balance')).toHaveText('$1,500.00');
  expect((await me()).balance).toBe('500.00');

  await form.getByText('Back to trading').click();
  await form.getByLabel('Amount').fill('400');
  await form.getByRole('button', { name: 'Move to trading' }).click();
  await expect(page.getByTestId('savings-balance')).toHaveText('$1,100.00');
  await expect(page.getByTestId('savings-entry')).toHaveCount(2);
  expect((await me()).balance).toBe('900.00');
  await screenshots(page, 'savings');
});

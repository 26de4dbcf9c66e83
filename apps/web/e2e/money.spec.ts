import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { adminToken, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';
import { navigate } from './support/navigate';

type Me = { data: { accounts: { id: number; kind: string; balance: string }[] } };
type Requests = { data: { id: number; status: string; amount: string }[] };
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const hash = () => randomBytes(32).toString('hex');

async function session(baseURL: string) {
  const user = await newCustomer(baseURL, { verified: true });
  const { data } = await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const liveBalance = async () => (await apiCall<Me>(baseURL, 'GET', '/user', { token: data.token })).data.accounts.find((a) => a.kind === 'live')!.balance;
  return { user, token: data.token, liveBalance };
}

test('a customer deposits by card (with the issuer step) and by crypto, which the back office confirms', async ({ page, baseURL }) => {
  test.slow();
  const { user, token, liveBalance } = await session(baseURL!);
  await openSignedIn(page, user, '/main/deposit');
  await expect(page).toHaveURL(/\/main\/deposit\/bitcoin$/);
  await expect(page.getByTestId('deposit-address')).toHaveText('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
  await expect(page.getByRole('img', { name: /QR code of the Bitcoin address/ })).toBeVisible();
  const report = page.getByRole('form', { name: 'Report your deposit' });
  // The customer types the coin they sent and reads its value at the current rate.
  await report.getByLabel('Amount sent (BTC)').fill('0.00001');
  await expect(report.getByTestId('coin-value')).toContainText(/^≈ \$0\.\d\d at the current rate \(1 BTC = \$[\d,]+\.\d\d\)/);
  await screenshots(page, 'deposit-crypto');
  await report.getByLabel('Transaction hash').fill('not-a-hash');
  await report.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(report.getByText('Enter the transaction hash from your wallet.')).toBeVisible();
  const tx = hash();
  await report.getByLabel('Transaction hash').fill(tx);
  await report.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(report.getByText('The amount is below the minimum for this method.')).toBeVisible();
  await report.getByLabel('Amount sent (BTC)').fill('0.005');
  await report.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(toast(page, 'Deposit submitted')).toBeVisible();
  const history = page.getByRole('region', { name: 'Your deposits' });
  await expect(history.getByTestId('money-request').first()).toContainText('Waiting');

  // The back office sees the coin and the value the server gave it at its own price.
  const admin = await adminToken(baseURL!);
  const queue = await apiCall<{ data: (Requests['data'][number] & { details: Record<string, unknown> })[] }>(baseURL!, 'GET', '/admin/money?kind=deposit', { token: admin });
  const claim = queue.data.find((r) => r.details.tx_hash === tx && r.status === 'requested')!;
  expect(claim.details.coin_amount).toBe('0.005');
  expect(Number(claim.amount)).toBeCloseTo(0.005 * Number(claim.details.rate_at_claim), 1);
  await apiCall(baseURL!, 'POST', `/admin/money/${claim.id}/approve`, { token: admin, body: { credited_amount: 149.5 } });
  await page.reload();
  await expect(history.getByTestId('money-request').first()).toContainText('Completed');
  await expect(history.getByTestId('money-request').first()).toContainText('$149.50');
  expect(await liveBalance()).toBe('149.50');

  await page.getByRole('navigation', { name: 'Deposit method' }).getByRole('link', { name: 'Card' }).click();
  await expect(page).toHaveURL(/\/main\/deposit\/card$/);
  const card = page.getByRole('form', { name: 'Card payment' });
  await card.getByLabel('Amount (USD)').fill('200');
  await card.getByLabel('Card number').fill('4242 4242 4242 4241');
  await card.getByLabel('CVC').fill('123');
  await card.getByLabel('Name on card').fill('Eve Tester');
  await card.getByRole('button', { name: 'Pay now' }).click();
  await expect(card.getByText('Enter a valid card number.')).toBeVisible();
  await card.getByLabel('Card number').fill('4000 0000 0000 3220');
  await screenshots(page, 'deposit-card');
  await card.getByRole('button', { name: 'Pay now' }).click();
  const issuer = page.getByRole('dialog', { name: 'Confirm with your bank' });
  await expect(issuer).toBeVisible();
  await screenshots(page, 'deposit-card-confirm');
  // A mistyped code is not the end of the payment: the dialog says how many tries are left.
  await issuer.getByLabel('Confirmation code').fill('654321');
  await issuer.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(issuer.getByRole('alert')).toHaveText('The confirmation code is not correct. 2 attempts left.');
  await issuer.getByLabel('Confirmation code').fill('123456');
  await issuer.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(toast(page, 'Payment received')).toBeVisible();
  expect(await liveBalance()).toBe('349.50');

  await card.getByLabel('Card number').fill('4000 0000 0000 0002');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: 'Pay now' }).click();
  await expect(card.getByText('Your card was declined.')).toBeVisible();
  expect(await liveBalance()).toBe('349.50');
  await expect(history.getByTestId('money-request').first()).toContainText('Rejected');

  await navigate(page, '/main/deposit/bitcoin');
  const topUp = page.getByRole('form', { name: 'Demo top-up' });
  await topUp.getByLabel('Amount').fill('2500');
  await topUp.getByRole('button', { name: 'Top up' }).click();
  await expect(toast(page, 'Your demo account has been topped up.')).toBeVisible();
  const me = await apiCall<Me>(baseURL!, 'GET', '/user', { token });
  expect(me.data.accounts.find((a) => a.kind === 'demo')!.balance).toBe('12500.00');
});

test('a customer withdraws to a bank account, the amount is held, and cancelling gives it back', async ({ page, baseURL }) => {
  // The whole request round trip with screenshots of each step at two widths.
  test.slow();
  const { user, token, liveBalance } = await session(baseURL!);
  const live = (await apiCall<Me>(baseURL!, 'GET', '/user', { token })).data.accounts.find((a) => a.kind === 'live')!;
  const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Eve Tester' };
  await apiCall(baseURL!, 'POST', '/deposits/card', { token, body: { account_id: live.id, amount: 500, card } });
  await openSignedIn(page, user, '/main/withdrawal');
  const form = page.getByRole('form', { name: 'Withdrawal' });
  await expect(form.getByText('Available: $500.00')).toBeVisible();
  await form.getByLabel('Amount').fill('600');
  await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
  await form.getByLabel('Account holder').fill('Eve Tester');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(form.getByText('Enter a valid IBAN.')).toBeVisible();
  await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(form.getByText('Your free margin does not cover this amount.')).toBeVisible();
  await form.getByLabel('Amount').fill('300');
  await screenshots(page, 'withdrawal');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(toast(page, 'Withdrawal requested')).toBeVisible();
  expect(await liveBalance()).toBe('200.00');
  // What is held is no longer available, at once and without a reload.
  await expect(form.getByText('Available: $200.00')).toBeVisible();
  const list = page.getByRole('region', { name: 'Your withdrawals' });
  await expect(list.getByTestId('money-request').first()).toContainText('Bank DE89 3704');
  // The page never scrolls sideways, at either width, with a request in the list.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  }
  await screenshots(page, 'withdrawal-requested');

  // Cancelling asks first; keeping the request changes nothing.
  await list.getByRole('button', { name: 'Cancel' }).first().click();
  const ask = page.getByRole('dialog', { name: 'Cancel this withdrawal?' });
  await expect(ask).toContainText('$300.00 goes back to account');
  await screenshots(page, 'withdrawal-cancel-confirm');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(ask).toBeHidden();
  await expect(list.getByTestId('money-request').first()).toContainText('Waiting');
  expect(await liveBalance()).toBe('200.00');
  await list.getByRole('button', { name: 'Cancel' }).first().click();
  await ask.getByRole('button', { name: 'Cancel request' }).click();
  await expect(list.getByTestId('money-request').first()).toContainText('Cancelled');
  expect(await liveBalance()).toBe('500.00');
  await expect(form.getByText('Available: $500.00')).toBeVisible();

  await form.getByText('Crypto address').click();
  await form.getByLabel('Coin and network').selectOption('usdt-trc20');
  await form.getByLabel('Wallet address').fill('0x71C7656EC7ab88b098defB751B7401B5f6d8976F');
  await form.getByLabel('Amount').fill('50');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(form.getByText('Enter a valid address for this network.')).toBeVisible();
});

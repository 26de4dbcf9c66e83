import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

type Me = { data: { accounts: { id: number; kind: string; balance: string }[] } };
type Wallet = { id: number; crypto: string; address: string; enabled: boolean };
type Answer = { data: { id: number; status: string } };
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const hash = () => randomBytes(32).toString('hex');

/** A customer with a funded live account, and API calls made as them. */
async function fundedCustomer(baseURL: string, admin: string) {
  const user = await newCustomer(baseURL, { verified: true });
  const token = (await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: { email: user.email, password: user.password } })).data.token;
  const live = (await apiCall<Me>(baseURL, 'GET', '/user', { token })).data.accounts.find((a) => a.kind === 'live')!;
  const options = await apiCall<{ data: { wallets: Wallet[] } }>(baseURL, 'GET', '/deposit_options', { token });
  const bitcoin = options.data.wallets.find((w) => w.crypto === 'usdt-trc20')!;
  const claim = (amount: number) =>
    apiCall<Answer>(baseURL, 'POST', '/deposits/crypto', { token, body: { account_id: live.id, wallet_id: bitcoin.id, coin_amount: amount, tx_hash: hash() } }).then((r) => r.data);
  const funding = await claim(1000);
  await apiCall(baseURL, 'POST', `/admin/money/${funding.id}/approve`, { token: admin, body: { credited_amount: 1000 } });
  const balance = async () => (await apiCall<Me>(baseURL, 'GET', '/user', { token })).data.accounts.find((a) => a.id === live.id)!.balance;
  const withdraw = (body: Record<string, unknown>) => apiCall<Answer>(baseURL, 'POST', '/withdrawals', { token, body: { account_id: live.id, ...body } }).then((r) => r.data);
  return { user, claim, withdraw, balance };
}

test('the back office confirms a deposit with the amount received, rejects, approves and pays out withdrawals', async ({ page, baseURL }) => {
  test.slow();
  const admin = await adminToken(baseURL!);
  const customer = await fundedCustomer(baseURL!, admin);
  const { email } = customer.user;
  await customer.claim(300);
  const raced = await customer.claim(75);
  await customer.withdraw({ method: 'bank', amount: 200, iban: 'DE89 3704 0044 0532 0130 00', holder: 'Eve Tester' });
  await customer.withdraw({ method: 'crypto', amount: 120, crypto: 'usdt-trc20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' });
  expect(await customer.balance()).toBe('680.00');

  await openSignedIn(page, ADMIN, '/admin/clients');
  const menuEntry = page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: /Payments/ });
  await expect(menuEntry).toHaveAccessibleName(/Payments\s*\d+ waiting/);
  await menuEntry.click();
  await expect(page).toHaveURL(/\/admin\/money/);
  await expect(page.getByRole('tab', { name: /Deposits/ })).toHaveAttribute('aria-selected', 'true');
  const row = (amount: string) => page.getByRole('row').filter({ hasText: email }).filter({ hasText: amount });
  await expect(row('$300.00')).toContainText('USDT');
  await expect(row('$300.00')).toContainText('Waiting');
  await screenshots(page, 'admin-money-queue');

  // The deposit is confirmed with what really arrived, not what was claimed.
  await row('$300.00').getByRole('button', { name: /^Confirm/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm deposit' });
  const received = confirm.getByLabel('Amount received (USD)');
  await expect(received).toHaveValue('300');
  await received.fill('0');
  await confirm.getByRole('button', { name: 'Confirm and credit' }).click();
  await expect(confirm.getByText('Enter an amount above 0.')).toBeVisible();
  await received.fill('295.5');
  await screenshots(page, 'admin-money-confirm');
  await confirm.getByRole('button', { name: 'Confirm and credit' }).click();
  await expect(toast(page, 'Deposit confirmed: $295.50 credited')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row('$300.00')).toHaveCount(0);
  expect(await customer.balance()).toBe('975.50');

  // Another operator decides first: this one is told so, and nothing moves twice.
  await row('$75.00').getByRole('button', { name: /^Reject/ }).click();
  const rejectDeposit = page.getByRole('dialog', { name: 'Reject deposit' });
  await rejectDeposit.getByLabel('Reason').fill('No such transaction on the chain');
  await apiCall(baseURL!, 'POST', `/admin/money/${raced.id}/approve`, { token: admin, body: { credited_amount: 75 } });
  await rejectDeposit.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDeposit.getByText('This request has been decided already.')).toBeVisible();
  await rejectDeposit.getByRole('button', { name: 'Cancel' }).click();
  await expect(row('$75.00')).toHaveCount(0);
  expect(await customer.balance()).toBe('1050.50');

  await page.getByRole('button', { name: 'Completed', exact: true }).click();
  await expect(row('$300.00')).toContainText('$295.50 received');
  await expect(row('$300.00')).toContainText('Completed');

  // The tabs follow the arrow keys.
  await page.getByRole('tab', { name: /Deposits/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /Withdrawals/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Waiting', exact: true }).click();
  await expect(row('$200.00')).toContainText('DE89 3704 0044 0532 0130 00');
  await expect(row('$200.00')).toContainText('Eve Tester');

  await row('$200.00').getByRole('button', { name: /^Reject/ }).click();
  const reject = page.getByRole('dialog', { name: 'Reject withdrawal' });
  await expect(reject).toContainText('The held $200.00 goes back');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Give a reason.')).toBeVisible();
  await reject.getByLabel('Reason').fill('The account holder does not match the customer');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, 'Withdrawal rejected')).toBeVisible();
  await expect(row('$200.00')).toHaveCount(0);
  expect(await customer.balance()).toBe('1250.50');

  await row('$120.00').getByRole('button', { name: /^Approve/ }).focus();
  await page.keyboard.press('Enter');
  const approve = page.getByRole('dialog', { name: 'Approve withdrawal' });
  await expect(approve).toContainText('stays held');
  await approve.getByRole('button', { name: 'Approve' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Withdrawal approved')).toBeVisible();
  await expect(row('$120.00')).toContainText('Approved');
  await screenshots(page, 'admin-money-withdrawals');
  expect(await customer.balance()).toBe('1250.50');
  await row('$120.00').getByRole('button', { name: /^Mark as paid/ }).click();
  const paid = page.getByRole('dialog', { name: 'Mark withdrawal as paid' });
  await expect(paid).toContainText('TQn9Y2kh');
  await paid.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(toast(page, 'Withdrawal marked as paid')).toBeVisible();
  await expect(row('$120.00')).toHaveCount(0);
  expect(await customer.balance()).toBe('1250.50');

  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(row('$120.00')).toContainText('Completed');
  await expect(row('$200.00')).toContainText('The account holder does not match the customer');
});

test('the operator adds a receiving wallet, its address checked against the network, and disables it', async ({ page, baseURL }) => {
  await openSignedIn(page, ADMIN, '/admin/money');
  const wallets = page.getByRole('region', { name: 'Receiving wallets' });
  await expect(wallets.getByRole('region', { name: 'Bitcoin' })).toContainText('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');

  await wallets.getByRole('button', { name: 'Add wallet' }).click();
  const form = page.getByRole('dialog', { name: 'Add wallet' });
  await form.getByLabel('Coin and network').selectOption('usdt-erc20');
  await form.getByLabel('Address').fill('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
  await form.getByLabel('Minimum deposit (USD)').fill('25');
  await form.getByRole('button', { name: 'Add wallet' }).click();
  await expect(form.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Enter a valid address for this network.')).toBeVisible();
  await screenshots(page, 'admin-money-wallet-form');
  const address = `0x${randomBytes(20).toString('hex')}`;
  await form.getByLabel('Address').fill(address);
  await form.getByRole('button', { name: 'Add wallet' }).click();
  await expect(toast(page, 'Wallet added')).toBeVisible();
  const added = wallets.getByTestId('deposit-wallet').filter({ hasText: address });
  await expect(added).toContainText('Minimum $25.00');
  await expect(added.getByRole('switch')).toBeChecked();
  await screenshots(page, 'admin-money-wallets');

  await added.getByRole('button', { name: `Edit wallet ${address}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit wallet' });
  await expect(edit.getByLabel('Address')).toHaveValue(address);
  await edit.getByLabel('Minimum deposit (USD)').fill('30');
  await edit.getByRole('button', { name: 'Save wallet' }).click();
  await expect(toast(page, 'Wallet saved')).toBeVisible();
  await expect(added).toContainText('Minimum $30.00');

  await added.getByRole('switch').click();
  await expect(toast(page, 'Wallet disabled')).toBeVisible();
  await expect(added.getByRole('switch')).not.toBeChecked();
  const stored = (await apiCall<{ data: Wallet[] }>(baseURL!, 'GET', '/admin/deposit_wallets', { token: await adminToken(baseURL!) })).data.find((w) => w.address === address)!;
  expect(stored.enabled).toBe(false);
  const offered = await apiCall<{ data: { wallets: Wallet[] } }>(baseURL!, 'GET', '/deposit_options', { token: await adminToken(baseURL!) });
  expect(offered.data.wallets.some((w) => w.address === address)).toBe(false);
});

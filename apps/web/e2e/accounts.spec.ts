import { expect, type Page } from '@playwright/test';
import { apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';
import { navigate } from './support/navigate';
import { RETRY_MS } from '../src/config/constants';
import { expectAfterTimers } from './support/clock';

type Account = { id: number; number: string; kind: string; currency: string; balance: string };
type Me = { data: { accounts: Account[] } };
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const money = (n: number | string, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(n));
const card = (page: Page, account: Account) => page.getByRole('listitem', { name: `${account.kind === 'demo' ? 'Demo' : 'Live'} account ${account.number}` });

test('a customer opens a EUR demo account, tops it up, transfers into it, trades on it and resets it', async ({ page, baseURL }) => {
  test.slow();
  const login = await openSignedIn(page, await newCustomer(baseURL!), '/main/accounts');
  const accounts = async () => (await apiCall<Me>(baseURL!, 'GET', '/user', { token: login.token })).data.accounts;
  const [demo, live] = await accounts();
  await page.getByTestId('notification-banner').getByRole('button', { name: 'Close' }).click();

  const demoCard = card(page, demo!);
  await expect(page.getByRole('region', { name: 'Demo accounts' }).getByTestId('account-card')).toHaveCount(1);
  await expect(card(page, live!).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/main/deposit');
  await expect(demoCard.getByText('Selected')).toBeVisible();
  await expect(demoCard.getByTestId('account-equity')).toHaveText('$10,000.00');
  await expect(demoCard.getByTestId('account-margin-level')).toHaveText('—');
  await expect(page.getByRole('region', { name: 'Recent transfers' })).toContainText('No transfers yet');
  await screenshots(page, 'accounts');

  // Open a second demo account in EUR.
  await page.getByRole('button', { name: 'Open account' }).click();
  const openDialog = page.getByRole('dialog', { name: 'Open account' });
  await expect(openDialog.getByText('You hold 1 of 5 demo accounts.')).toBeVisible();
  await openDialog.getByLabel('Currency').selectOption('EUR');
  await screenshots(page, 'accounts-open-dialog');
  await openDialog.getByRole('button', { name: 'Open account' }).click();
  await expect(toast(page, 'Your demo EUR account is open.')).toBeVisible();
  const eur = (await accounts()).find((a) => a.currency === 'EUR')!;
  const eurCard = card(page, eur);
  await expect(eurCard.getByTestId('account-balance')).toHaveText('€10,000.00');

  // Top it up.
  await eurCard.getByRole('button', { name: 'Top up' }).click();
  const topUp = page.getByRole('dialog', { name: `Top up ${eur.number}` });
  await topUp.getByLabel('Amount (EUR)').fill('500');
  await screenshots(page, 'accounts-top-up-dialog');
  await topUp.getByRole('button', { name: 'Top up' }).click();
  await expect(toast(page, 'Your demo account has been topped up.')).toBeVisible();
  await expect(eurCard.getByTestId('account-balance')).toHaveText('€10,500.00');

  // Transfer from the first demo account, converted into EUR.
  await demoCard.getByRole('button', { name: 'Transfer' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer between accounts' });
  await expect(transfer.getByLabel('To')).toHaveValue(String(eur.id));
  await expect(transfer.getByLabel('To').locator('option')).toHaveCount(1);
  await expect(transfer.getByTestId('transfer-free-margin')).toHaveText('Free margin $10,000.00');
  await transfer.getByRole('button', { name: 'Max' }).click();
  await expect(transfer.getByLabel('Amount (USD)')).toHaveValue('10000');
  await transfer.getByLabel('Amount (USD)').fill('1000');
  await expect(transfer.getByTestId('transfer-conversion')).toContainText('≈ €920.00 arrives');
  await screenshots(page, 'accounts-transfer-dialog');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(toast(page, 'Transfer completed.')).toBeVisible();
  await expect(transfer).toBeHidden();
  await expect(demoCard.getByTestId('account-balance')).toHaveText('$9,000.00');
  const eurBalance = (await accounts()).find((a) => a.id === eur.id)!.balance;
  expect(Number(eurBalance)).toBeGreaterThan(10_500);
  await expect(eurCard.getByTestId('account-balance')).toHaveText(money(eurBalance, 'EUR'));
  const recent = page.getByRole('region', { name: 'Recent transfers' }).getByTestId('recent-transfer');
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText(`${demo!.number} → ${eur.number}`);
  await expect(recent).toContainText(`≈ ${money(Number(eurBalance) - 10_500, 'EUR')} received`);

  // The header and the trading room follow the selected account.
  await eurCard.getByRole('button', { name: 'Use this account' }).click();
  await expect(eurCard.getByText('Selected')).toBeVisible();
  await expect(demoCard.getByRole('button', { name: 'Use this account' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(money(eurBalance, 'EUR'));
  // A fresh load: the selection is kept on the device.
  await page.goto('/mt4');
  await expect(page.getByTestId('footer-balance')).toHaveText(money((Number(eurBalance) / 0.92).toFixed(2), 'USD'));

  // Reset the EUR demo account to its starting balance.
  await navigate(page, '/main/accounts');
  await eurCard.getByRole('button', { name: 'Reset' }).click();
  const reset = page.getByRole('dialog', { name: `Reset ${eur.number}?` });
  await screenshots(page, 'accounts-reset-dialog');
  await reset.getByRole('button', { name: 'Reset balance' }).click();
  await expect(toast(page, 'Your demo account has been reset.')).toBeVisible();
  await expect(eurCard.getByTestId('account-balance')).toHaveText('€10,000.00');
  await expect(page.getByTestId('header-balance')).toHaveText('€10,000.00');
});

test('figures that fail to load offer Retry; the keyboard switches accounts; a transfer beyond the free margin and a sixth demo account are refused', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  const { data: login } = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  await apiCall(baseURL!, 'POST', '/accounts', { token: login.token, body: { kind: 'demo', currency: 'USD' } });
  const [first] = (await apiCall<Me>(baseURL!, 'GET', '/user', { token: login.token })).data.accounts;
  await page.route('**/api/v1/account/summary*', (route) => route.fulfill({ status: 500, body: '{"message":"down"}' }));
  await page.clock.install();
  await openSignedIn(page, user, '/main/accounts');
  const liveCard = page.getByRole('region', { name: 'Live accounts' }).getByTestId('account-card');
  // Said once the one retry has failed too.
  await expectAfterTimers(page, RETRY_MS, () => liveCard.getByText('Live figures could not be loaded.').isVisible());
  await page.unroute('**/api/v1/account/summary*');
  await liveCard.getByRole('button', { name: 'Retry' }).click();
  await expect(liveCard.getByTestId('account-equity')).toHaveText('$0.00');

  await liveCard.getByRole('button', { name: 'Use this account' }).focus();
  await page.keyboard.press('Enter');
  await expect(liveCard.getByText('Selected')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
  await expect(page.getByText('Live balance')).toBeVisible();

  await card(page, first!).getByRole('button', { name: 'Transfer' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer between accounts' });
  await expect(transfer.getByTestId('transfer-conversion')).toBeHidden();
  await transfer.getByLabel('Amount (USD)').fill('10000.01');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(transfer.getByText('Your free margin does not cover this amount.')).toBeVisible();
  await transfer.getByLabel('Amount (USD)').fill('1.234');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(transfer.getByText('Use at most 2 decimals.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(transfer).toBeHidden();
  await expect(page.getByRole('region', { name: 'Live accounts' }).getByRole('button', { name: 'Reset' })).toHaveCount(0);

  for (let i = 0; i < 3; i++) await apiCall(baseURL!, 'POST', '/accounts', { token: login.token, body: { kind: 'demo', currency: 'GBP' } });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Demo accounts' }).getByTestId('account-card')).toHaveCount(5);
  await page.getByRole('button', { name: 'Open account' }).click();
  const openDialog = page.getByRole('dialog', { name: 'Open account' });
  await expect(openDialog.getByText('You hold 5 of 5 demo accounts.')).toBeVisible();
  await openDialog.getByRole('button', { name: 'Open account' }).click();
  await expect(openDialog.getByText('You can hold at most 5 accounts of each kind.')).toBeVisible();
});

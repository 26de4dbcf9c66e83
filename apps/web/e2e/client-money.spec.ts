import { expect, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';
import { navigate } from './support/navigate';

type Me = { data: { accounts: { id: number; kind: string }[] } };

/** Shows the app in Arabic from the next load, as a device that chose it does. */
async function inArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('language-storage', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test('the back office lists each client with their own live and demo balances', async ({ page, baseURL }) => {
  test.slow();
  const admin = await adminToken(baseURL!);
  const user = await newCustomer(baseURL!);
  const token = (await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: user })).data.token;
  const live = (await apiCall<Me>(baseURL!, 'GET', '/user', { token })).data.accounts.find((a) => a.kind === 'live')!;
  await apiCall(baseURL!, 'POST', `/admin/accounts/${live.id}/adjust`, { token: admin, body: { amount: 400, reason: 'Wire received' } });
  const other = await newCustomer(baseURL!);

  await openSignedIn(page, ADMIN, '/admin/clients');
  await page.getByLabel('Search clients').fill(user.email);
  const row = page.getByTestId(`client-row-${user.id}`);
  await expect(row.getByTestId('client-balances')).toHaveText('Live $400.00Demo $10,000.00');
  await page.getByLabel('Search clients').fill(other.email);
  await expect(page.getByTestId(`client-row-${other.id}`).getByTestId('client-balances')).toHaveText('Live $0.00Demo $10,000.00');
  await page.getByLabel('Search clients').fill('');
  await screenshots(page, 'admin-clients-balances');
  await inArabic(page);
  await screenshots(page, 'admin-clients-balances-ar');
});

test('the money and verification screens in Arabic', async ({ page, baseURL }) => {
  test.slow();
  const user = await newCustomer(baseURL!, { verified: true });
  await openSignedIn(page, user, '/main/withdrawal');
  await inArabic(page);
  await expect(page.getByRole('form')).toBeVisible();
  await screenshots(page, 'withdrawal-ar');
  await navigate(page, '/main/deposit/bitcoin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshots(page, 'deposit-crypto-ar');
  await navigate(page, '/main/verification');
  await expect(page.getByTestId('verification-requirement')).toBeVisible();
  await screenshots(page, 'verification-ar');
});

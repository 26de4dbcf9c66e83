import { expect } from '@playwright/test';
import { adminToken, apiCall, fundLiveAccount, newCustomer, openSignedIn, screenshots, test } from './helpers';

type Me = { data: { accounts: { id: number; kind: string; title: string; balance: string }[]; eas: number[] } };
const tokenOf = async (baseURL: string, user: { email: string; password: string }) =>
  (await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: { email: user.email, password: user.password } })).data.token;

test('a paid item is paid from the live account the customer picks, never with demo money', async ({ page, baseURL }) => {
  test.slow();
  const user = await newCustomer(baseURL!);
  const { token } = await openSignedIn(page, user, '/main/marketplace');
  const turtle = page.getByRole('article', { name: 'Turtle Breakout' });
  await turtle.getByRole('button', { name: 'Purchase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Purchase' });
  // The live account every customer has is empty: the dialog says what is needed and where to get it.
  await expect(dialog.getByLabel('Pay from')).toHaveValue(/\d+/);
  await expect(dialog).toContainText("This account's balance does not cover the price.");
  await expect(dialog.getByRole('link', { name: 'Fund this account' })).toHaveAttribute('href', '/main/deposit');
  await expect(dialog.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await screenshots(page, 'marketplace-confirm-unfunded');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await fundLiveAccount(baseURL!, user, 150);
  const second = (await apiCall<Me>(baseURL!, 'POST', '/accounts', { token, body: { kind: 'live', currency: 'USD' } })).data.accounts.at(-1)!;
  await apiCall(baseURL!, 'POST', `/admin/accounts/${second.id}/adjust`, { token: await adminToken(baseURL!), body: { amount: 300, reason: 'Funding for the test' } });
  await page.reload();
  await turtle.getByRole('button', { name: 'Purchase' }).click();
  const payFrom = dialog.getByLabel('Pay from');
  // Only the live accounts are offered; the one whose balance covers the price comes first.
  await expect(payFrom.locator('option')).toHaveCount(2);
  await expect(payFrom.locator('option')).not.toContainText(['Demo']);
  await expect(payFrom).toHaveValue(String(second.id));
  await payFrom.selectOption({ index: 0 });
  await expect(dialog.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await payFrom.selectOption(String(second.id));
  await expect(dialog).toContainText(`$199.00 will be deducted from the balance of account ${second.title}`);
  await screenshots(page, 'marketplace-confirm-pay-from');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('Expert Advisor purchased successfully')).toBeVisible();

  const me = await apiCall<Me>(baseURL!, 'GET', '/user', { token });
  expect(me.data.accounts.map((a) => [a.kind, a.balance])).toEqual([
    ['demo', '10000.00'],
    ['live', '150.00'],
    ['live', '101.00'],
  ]);
  // The server refuses demo money whatever the client sends.
  const demo = me.data.accounts[0]!.id;
  const swing = (await apiCall<{ data: { id: number; name: string }[] }>(baseURL!, 'GET', '/expert_advisors', { token })).data.find((i) => i.name === 'Swing Cross')!;
  await expect(apiCall(baseURL!, 'POST', '/purchase/ea', { token, body: { expert_advisor_id: swing.id, account_id: demo } })).rejects.toThrow(/422.*live account/);
});

test('an advisor only Pro may run says so on its card and in the dialog, and leads to the plans instead of a purchase', async ({ page, baseURL }) => {
  test.slow();
  const admin = await adminToken(baseURL!);
  const plans = (await apiCall<{ data: { id: number; title: string }[] }>(baseURL!, 'GET', '/plans', { token: admin })).data;
  const pro = plans.find((p) => p.title === 'Pro')!;
  const name = `Pro Swing ${Date.now()}`;
  const body = {
    name, description: 'A swing advisor for Pro accounts.', author: 'Bourse Labs', image: '/marketplace/swing-cross.svg', type: 'expert_advisor', strategy: 'ma_crossover',
    default_params: { fast: 8, slow: 21, stopLossPct: 1.2 }, features: ['Pro only'], amount: '25.00', billing: 'one_time', published: true, plan_ids: [pro.id],
  };
  const item = (await apiCall<{ data: { id: number } }>(baseURL!, 'POST', '/admin/expert_advisors', { token: admin, body })).data;
  const user = await newCustomer(baseURL!);
  await fundLiveAccount(baseURL!, user, 500);
  const { token } = await openSignedIn(page, user, `/main/marketplace?search=${encodeURIComponent(name)}`);
  const card = page.getByRole('article', { name });
  await expect(card.getByTestId('item-plans')).toContainText('Plans that can run it: Pro');
  await expect(card.getByTestId('item-plans')).toContainText('Not available on your Basic plan');
  // The card shows what a robot of it runs with: the advisor's own values over the strategy's.
  await card.getByText('Default settings').click();
  await expect(card.getByTestId('default-settings')).toContainText('Fast MA period8');
  await expect(card.getByTestId('default-settings')).toContainText('Slow MA period21');
  await screenshots(page, 'marketplace-plan-card');
  await card.getByRole('button', { name: 'Purchase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Purchase' });
  await expect(dialog).toContainText('Only these plans can run it: Pro. Upgrade your plan to buy it.');
  await expect(dialog.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await screenshots(page, 'marketplace-confirm-plan');
  await dialog.getByRole('button', { name: 'Upgrade your plan' }).click();
  await expect(page.getByRole('dialog', { name: 'Account Plans' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request the Pro plan' })).toBeVisible();

  await expect(apiCall(baseURL!, 'POST', '/purchase/ea', { token, body: { expert_advisor_id: item.id } })).rejects.toThrow(/403.*upgrade/);
  expect((await apiCall<Me>(baseURL!, 'GET', '/user', { token })).data.eas).toEqual([]);
});

test('the marketplace and its purchase dialog in Arabic', async ({ page, baseURL }) => {
  test.slow();
  const user = await newCustomer(baseURL!);
  await fundLiveAccount(baseURL!, user, 500);
  await apiCall(baseURL!, 'PUT', '/user/preferences', { token: await tokenOf(baseURL!, user), body: { language: 'ar' } });
  await openSignedIn(page, user, '/main/marketplace');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const turtle = page.getByRole('article', { name: 'Turtle Breakout' });
  await turtle.locator('summary').click();
  await screenshots(page, 'marketplace-ar');
  await turtle.getByRole('button').last().click();
  await expect(page.getByRole('dialog')).toContainText('الدفع من');
  await screenshots(page, 'marketplace-confirm-ar');
});

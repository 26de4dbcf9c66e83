import { expect } from '@playwright/test';
import { ADMIN, adminToken, apiCall, fundLiveAccount, newCustomer, openSignedIn, screenshots, test } from './helpers';

test('filters the marketplace through the URL, buys an advisor once and shows it owned', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  await fundLiveAccount(baseURL!, user, 1000);
  const { token } = await openSignedIn(page, user, '/main/marketplace');
  await expect(page.getByRole('heading', { name: 'MARKET PLACE' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const all = await cards.count();
  expect(all).toBeGreaterThanOrEqual(7);
  // Sorted by downloads: the most downloaded item (the free course) comes first.
  await expect(cards.first()).toHaveAttribute('aria-label', 'CFD Trading Course');
  await screenshots(page, 'marketplace');

  // Other specs publish items of their own into Others while this one runs: the seeded ones are what is checked.
  await page.getByRole('button', { name: 'Others', exact: true }).click();
  await expect(page).toHaveURL(/category=others/);
  await expect(page.getByRole('article', { name: 'CFD Trading Course' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Turtle Breakout' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Free', exact: true }).click();
  await expect(page).toHaveURL(/category=others&filter=free/);
  await expect(page.getByRole('article', { name: 'CFD Trading Course' })).toBeVisible();
  await expect(cards.filter({ has: page.getByTestId('item-price').filter({ hasNotText: 'Free' }) })).toHaveCount(0);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByPlaceholder('Search market place').fill('no such robot');
  await expect(page.getByText('No items found matching your criteria.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/main\/marketplace$/);
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(all);
  // Search reaches the features list, case-insensitively.
  await page.getByPlaceholder('Search market place').fill('DONCHIAN');
  await expect(cards).toHaveCount(1);
  const turtle = page.getByRole('article', { name: 'Turtle Breakout' });
  await expect(turtle.getByTestId('item-price')).toHaveText('$199.00');

  await turtle.getByRole('button', { name: 'Purchase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Purchase' });
  await expect(dialog).toContainText('$199.00 will be deducted from the balance');
  await screenshots(page, 'marketplace-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await turtle.getByRole('button', { name: 'Purchase' }).click();
  await dialog.getByRole('button', { name: 'Proceed' }).dblclick();
  await expect(page.getByText('Expert Advisor purchased successfully')).toBeVisible();
  await expect(turtle.getByText('Owned')).toBeVisible();
  await expect(turtle.getByRole('button', { name: 'Purchase' })).toBeDisabled();

  await page.getByRole('button', { name: 'My Purchased' }).click();
  await expect(page).toHaveURL(/search=DONCHIAN&filter=purchased/);
  await expect(cards).toHaveCount(1);

  // One debit of 199 from the live account, however the button was clicked; the demo money is untouched.
  const me = await apiCall<{ data: { accounts: { balance: string }[]; eas: number[] } }>(baseURL!, 'GET', '/user', { token });
  expect(me.data.accounts.map((a) => a.balance)).toEqual(['10000.00', '801.00']);
  expect(me.data.eas).toHaveLength(1);
});

test('says so and retries when the catalogue cannot be loaded', async ({ page, baseURL }) => {
  let fail = true;
  await page.route(/\/api\/v1\/expert_advisors(\?|$)/, (route) => (fail ? route.fulfill({ status: 500, body: '{"message":"down"}' }) : route.fallback()));
  await openSignedIn(page, await newCustomer(baseURL!), '/main/marketplace');
  await expect(page.getByText('Failed to load marketplace items')).toBeVisible({ timeout: 20_000 });
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('the back office publishes a draft item and sees its sale', async ({ page, baseURL }) => {
  const token = await adminToken(baseURL!);
  const name = `Night Grid ${Date.now()}`;
  await openSignedIn(page, ADMIN, '/admin/catalogue');
  await page.getByRole('link', { name: 'New item' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Author').fill('Bourse Labs');
  await page.getByLabel('Description', { exact: true }).fill('A grid for the quiet hours.');
  await page.getByLabel('Strategy').selectOption('grid');
  await page.getByLabel('Price (USD)').fill('12.00');
  await page.getByLabel('Billing').selectOption('monthly');
  await page.getByLabel('Lots per order').fill('0.05');
  await page.getByLabel('Features (one per line)').fill('Night sessions');
  const plans = page.getByRole('group', { name: /Plans allowed/ });
  await plans.getByRole('checkbox', { name: 'Basic' }).check();
  await plans.getByRole('checkbox', { name: 'Pro' }).check();
  await screenshots(page, 'admin-catalogue-form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue$/);
  const items = await apiCall<{ data: { id: number; name: string; published: boolean }[] }>(baseURL!, 'GET', '/admin/expert_advisors', { token });
  const created = { data: items.data.find((i) => i.name === name)! };
  expect(created.data.published).toBe(false);
  await page.getByRole('button', { name: `Publish ${name}` }).click();
  await expect(page.getByRole('button', { name: `Unpublish ${name}` })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: name })).toContainText('plans Basic, Pro');
  await screenshots(page, 'admin-catalogue');

  const user = await newCustomer(baseURL!);
  await fundLiveAccount(baseURL!, user, 100);
  const login = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  await apiCall(baseURL!, 'POST', '/purchase/ea', { token: login.data.token, body: { expert_advisor_id: created.data.id } });
  await page.goto('/admin/sales');
  const row = page.getByRole('row').filter({ hasText: user.email });
  await expect(row).toContainText(name);
  await expect(row).toContainText('$12.00');
  await screenshots(page, 'admin-sales');
});

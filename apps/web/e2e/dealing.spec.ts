import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('an admin creates a customer group with a commission per lot, refused until its terms are right, and moves a customer’s account into it', async ({ page, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const name = `Desk ${randomBytes(3).toString('hex')}`;
  await openSignedIn(page, ADMIN, '/admin/clients');
  await page.getByRole('link', { name: 'Dealing' }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { name: 'Dealing', level: 1 })).toBeVisible();
  const groups = page.getByTestId('groups-section');
  await expect(groups.locator('[data-testid="group-row"][data-group="Standard"]')).toBeVisible();
  await screenshots(page, 'admin-dealing-groups');

  await groups.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('radio', { name: 'Per lot' }).check();
  await dialog.getByRole('spinbutton', { name: 'Per lot and side' }).fill('3.5');
  await dialog.getByRole('spinbutton', { name: 'Minimum per side' }).fill('0.5');
  const leverage = dialog.getByRole('group', { name: 'Leverage ceilings' });
  const markup = dialog.getByRole('group', { name: 'Markup' });
  await leverage.getByRole('spinbutton', { name: 'Forex' }).fill('5000');
  // The contract's own check, in the server's words, on the field: first the leverage above the ceiling…
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog.getByText('Leverage must be a whole number from 1 to 1000.')).toBeVisible();
  await expect(leverage.getByRole('spinbutton', { name: 'Forex' })).toHaveAttribute('aria-invalid', 'true');
  await leverage.getByRole('spinbutton', { name: 'Forex' }).fill('50');
  // A markup of 1.5 points on forex, 25 on gold; an instrument the catalogue does not have is refused by the server, on the field.
  await markup.getByRole('spinbutton', { name: 'Forex' }).fill('1.5');
  await markup.getByRole('textbox', { name: 'Instruments' }).fill('XAUUSD 25, NOPE 3');
  // …then a commission without a currency.
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog.getByText('A commission or an administration fee needs a currency (USD, EUR, GBP, JPY, CHF, AUD or CAD).')).toBeVisible();
  await expect(dialog.getByText('Leverage must be a whole number from 1 to 1000.')).toHaveCount(0);
  await dialog.evaluate((element) => element.scrollTo(0, 0));
  await screenshots(page, 'admin-dealing-group-dialog');
  await dialog.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(markup.getByText('No asset class or instrument is called NOPE.')).toBeVisible();
  await markup.getByRole('textbox', { name: 'Instruments' }).fill('XAUUSD 25');
  await markup.scrollIntoViewIfNeeded();
  await screenshots(page, 'admin-dealing-group-markup');
  // Only some instruments: one the catalogue does not have is refused by the server, on the field.
  const allowed = dialog.getByRole('textbox', { name: 'Allowed instruments' });
  await allowed.fill('eurusd, XAUUSD, ZZZZ');
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog.getByText('No instrument is called ZZZZ.')).toBeVisible();
  await expect(allowed).toHaveAttribute('aria-invalid', 'true');
  await allowed.fill('eurusd, XAUUSD');
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(toast(page, `${name} created.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = groups.locator(`[data-testid="group-row"][data-group="${name}"]`);
  await expect(row).toContainText('3.5 USD per lot');
  await expect(row).toContainText('at least 0.5');
  await expect(row).toContainText('Forex 1:50');
  await expect(row.getByTestId('group-markup')).toHaveText('markup Forex 1.5 pts, XAUUSD 25 pts');
  await expect(row.getByTestId('group-instruments')).toHaveText('only EURUSD, XAUUSD');
  await expect(row.getByTestId('group-accounts')).toHaveText('0');

  // A name another group has is refused by the server, on the field.
  await groups.getByRole('button', { name: 'New group' }).click();
  const again = page.getByRole('dialog', { name: 'New group' });
  await again.getByRole('textbox', { name: 'Name' }).fill(name);
  await again.getByRole('button', { name: 'Create group' }).click();
  await expect(again.getByText('Another group already has this name.')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  // The customer's first account moves into the group from the client's details.
  await page.getByRole('link', { name: 'Clients' }).filter({ visible: true }).click();
  await page.getByRole('searchbox').fill(customer.email);
  await page.getByTestId(`client-row-${customer.id}`).getByRole('button', { name: /Eve/ }).click();
  const client = page.getByRole('dialog', { name: /Eve/ });
  const account = client.getByTestId('client-account').first();
  const number = await account.getAttribute('data-number');
  const picker = account.getByRole('combobox', { name: `Group of account ${number}` });
  await expect(picker).toHaveValue(/\d+/);
  await expect(account.getByRole('button', { name: 'Move' })).toBeDisabled();
  await picker.selectOption({ label: name });
  await account.getByRole('button', { name: 'Move' }).click();
  await expect(toast(page, `Account ${number} moved to ${name}: new orders take its terms.`)).toBeVisible();
  await expect(account.getByRole('button', { name: 'Move' })).toBeDisabled();
  await expect(picker.locator('option:checked')).toHaveText(name);
  await screenshots(page, 'admin-client-account-group');
  await client.getByRole('button', { name: 'Close' }).click();

  // The server has it: the group now counts the account, and the account names the group.
  const detail = await apiCall<{ data: { accounts: { number: string; group_name: string }[] } }>(baseURL!, 'GET', `/admin/clients/${customer.id}`, { token: await adminToken(baseURL!) });
  expect(detail.data.accounts.find((a) => a.number === number)?.group_name).toBe(name);
  await page.getByRole('link', { name: 'Dealing' }).filter({ visible: true }).click();
  await expect(row.getByTestId('group-accounts')).toHaveText('1');
});

test('an admin sets an instrument’s swap, refused beyond the limit, and resets it to the default', async ({ page, baseURL }) => {
  // An instrument on the default swap: the test leaves it there again.
  const token = await adminToken(baseURL!);
  const page1 = await apiCall<{ data: { symbol: string; custom: boolean }[] }>(baseURL!, 'GET', '/admin/swap-rates?type=stocks&custom=false', { token });
  const symbol = page1.data.at(-1)!.symbol;

  await openSignedIn(page, ADMIN, '/admin/dealing?tab=swaps');
  const swaps = page.getByTestId('swap-rates-section');
  await expect(swaps.getByTestId('swap-rate-row').first()).toBeVisible();
  await screenshots(page, 'admin-dealing-swaps');

  await swaps.getByRole('searchbox', { name: 'Search instruments' }).fill(symbol);
  const row = swaps.locator(`[data-testid="swap-rate-row"][data-symbol="${symbol}"]`);
  await expect(swaps.getByTestId('swap-rate-row')).toHaveCount(1);
  await expect(row).toContainText('Default');
  await row.getByRole('button', { name: `Edit the swap of ${symbol}` }).click();
  const dialog = page.getByRole('dialog', { name: `Swap of ${symbol}` });
  await dialog.getByRole('textbox', { name: 'Long (buy)' }).fill('-500');
  await dialog.getByRole('textbox', { name: 'Short (sell)' }).fill('0.75');
  await dialog.getByRole('combobox', { name: 'Triple day' }).selectOption({ label: 'Friday' });
  await dialog.getByRole('button', { name: 'Save swap' }).click();
  await expect(dialog.getByText('The long rate must be between -100 and 100 % a year.')).toBeVisible();
  await screenshots(page, 'admin-dealing-swap-dialog');
  await dialog.getByRole('textbox', { name: 'Long (buy)' }).fill('-2.5');
  await dialog.getByRole('button', { name: 'Save swap' }).click();
  await expect(toast(page, `${symbol}: swap saved, charged from the next rollover.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('-2.5');
  await expect(row).toContainText('+0.75');
  await expect(row).toContainText('Custom');

  // Listed among the instruments with a swap of their own.
  // The box follows the URL, which the click changes.
  await swaps.getByRole('checkbox', { name: 'Custom only' }).click();
  await expect(page).toHaveURL(/custom=true/);
  await expect(swaps.getByRole('checkbox', { name: 'Custom only' })).toBeChecked();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Reset the swap of ${symbol} to the default` }).click();
  await page.getByRole('dialog', { name: `Reset the swap of ${symbol}?` }).getByRole('button', { name: 'Reset to default' }).click();
  await expect(toast(page, `${symbol} is back on the default swap.`)).toBeVisible();
  await expect(swaps.getByTestId('no-swap-rates')).toBeVisible();
  await swaps.getByRole('checkbox', { name: 'Custom only' }).click();
  await expect(swaps.getByRole('checkbox', { name: 'Custom only' })).not.toBeChecked();
  await expect(row).toContainText('Default');
});

test('support staff read the groups and swap rates without a control to change them', async ({ page, baseURL }) => {
  const staff = await newCustomer(baseURL!);
  await apiCall(baseURL!, 'PATCH', `/admin/clients/${staff.id}/role`, { token: await adminToken(baseURL!), body: { role: 'support' } });
  await openSignedIn(page, staff, '/admin/dealing');
  // The approval notice a customer made staff finds floats over the page.
  await page.getByTestId('notification-banner').getByRole('button', { name: 'Close' }).click();
  const groups = page.getByTestId('groups-section');
  await expect(groups.locator('[data-testid="group-row"][data-group="Standard"]')).toBeVisible();
  await expect(groups.getByTestId('read-only-note')).toBeVisible();
  await expect(groups.getByRole('button', { name: 'New group' })).toHaveCount(0);
  await expect(groups.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Swap rates' }).click();
  const swaps = page.getByTestId('swap-rates-section');
  await expect(swaps.getByTestId('swap-rate-row').first()).toBeVisible();
  await expect(swaps.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
});

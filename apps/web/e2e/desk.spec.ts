import { expect, type BrowserContext } from '@playwright/test';
import { adminToken, apiCall, type Customer, newCustomer, openRoom, openSignedIn, screenshots, test } from './helpers';

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** A registered user an admin made a dealer. */
async function newDealer(baseURL: string): Promise<Customer> {
  const dealer = await newCustomer(baseURL);
  await apiCall(baseURL, 'PATCH', `/admin/clients/${dealer.id}/role`, { token: await adminToken(baseURL), body: { role: 'dealer' } });
  return dealer;
}

test('a dealer watches the desk’s exposure move while a customer trades, without a reload, and sees nothing else of the back office', async ({ page, browser, baseURL }) => {
  test.slow();
  const dealer = await newDealer(baseURL!);
  // Any back-office address leads a dealer to the Dealing page, whose only tab is the desk.
  await openSignedIn(page, dealer, '/admin/clients');
  await expect(page).toHaveURL(/\/admin\/dealing/);
  await expect(page.getByRole('tab', { name: 'Desk' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Clients' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Live exposure' })).toBeVisible();
  // A customer's first account is a demo one: the desk counts demo accounts when asked.
  await page.getByTestId('exposure-demo').check();
  await page.evaluate(() => Object.assign(window, { deskNotReloaded: true }));

  const customer = await newCustomer(baseURL!);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 800 } });
  opened.push(context);
  const room = await context.newPage();
  await openRoom(room, customer);
  // The room opens on the coin (SPEC §4's default instrument).
  const symbol = 'BTCUSD';
  const row = page.locator(`[data-testid="exposure-row"][data-symbol="${symbol}"]`);
  const longBefore = (await row.count()) ? Number((await row.getByTestId('long-lots').textContent())!.replace(/,/g, '')) : 0;

  await room.getByTestId('buy-button').click();
  await expect(room.locator('[data-sonner-toast]').filter({ hasText: 'Buy order placed' })).toBeVisible();
  // Pushed over the desk's channel: the row changes with no reload and no polling.
  await expect(async () => {
    const longNow = Number((await row.getByTestId('long-lots').textContent())!.replace(/,/g, ''));
    expect(longNow).toBeGreaterThanOrEqual(Math.round((longBefore + 0.01) * 100) / 100);
  }).toPass({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { deskNotReloaded?: boolean }).deskNotReloaded)).toBe(true);
  await expect(row.getByTestId('house-pnl')).toHaveText(/\d/);
  await screenshots(page, 'admin-desk');

  // The hedge dialog: an instrument's rule and a hedge by hand.
  await row.getByRole('button', { name: `Hedge ${symbol}` }).click();
  const dialog = page.getByRole('dialog', { name: `Hedge ${symbol}` });
  await expect(dialog.getByRole('textbox', { name: 'Threshold (lots)' })).toBeVisible();
  await screenshots(page, 'admin-desk-hedge-dialog');
  await dialog.getByRole('textbox', { name: 'Threshold (lots)' }).fill('0');
  await dialog.getByTestId('save-rule').click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'The threshold must be between 0.01 and 100000 lots.' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('an admin sees the desk beside the groups and swaps; support does not', async ({ page, baseURL }) => {
  const support = await newCustomer(baseURL!);
  await apiCall(baseURL!, 'PATCH', `/admin/clients/${support.id}/role`, { token: await adminToken(baseURL!), body: { role: 'support' } });
  await openSignedIn(page, support, '/admin/dealing?tab=desk');
  await expect(page.getByRole('tab', { name: 'Customer groups' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Desk' })).toHaveCount(0);
});

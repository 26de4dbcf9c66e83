import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, newCustomer, openRoom, openSignedIn, screenshots, test } from './helpers';

const LOCALES = path.resolve(import.meta.dirname, '../src/i18n/locales');
const arabic = Object.assign({}, ...readdirSync(path.join(LOCALES, 'ar')).map((f) => JSON.parse(readFileSync(path.join(LOCALES, 'ar', f), 'utf8')))) as Record<string, string>;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

// The preset is site-wide: whatever happens, the next specs find the site as it was.
test.afterEach(async ({ baseURL }) => {
  await apiCall(baseURL!, 'PUT', '/admin/settings', { token: await adminToken(baseURL!), body: { leverage_preset: 'none' } });
});

test('the admin picks ESMA in Site settings; a retail client’s ticket shows the capped leverage and the order fills at it', async ({ page, browser, baseURL }) => {
  test.setTimeout(process.env.CI ? 150_000 : 75_000);
  await openSignedIn(page, ADMIN, '/admin/settings');
  const section = page.getByRole('region', { name: 'Leverage caps for retail clients' });
  const preset = section.getByLabel('Regulatory preset');
  await expect(preset).toHaveValue('none');
  await expect(section).toContainText('No regulatory ceiling: the plan, the group and the instrument set the leverage.');
  await preset.selectOption({ label: 'ESMA (European Union)' });
  const ceilings = section.getByTestId('leverage-ceilings');
  await expect(ceilings).toContainText('Major currency pairs (two of USD, EUR, JPY, GBP, CAD, CHF)1:30');
  await expect(ceilings).toContainText('Crypto1:2');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'admin-leverage-preset');
  expect((await apiCall<{ data: { leverage_preset: string } }>(baseURL!, 'GET', '/settings')).data.leverage_preset).toBe('esma');

  // The same screen in Arabic, mirrored.
  await page.evaluate(() => localStorage.setItem('language-storage', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('region', { name: arabic['Leverage caps for retail clients']! }).getByTestId('leverage-ceilings')).toContainText(arabic.Gold!);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'admin-leverage-preset-ar');

  // A retail client's ticket offers the capped leverage on the default pair (BTC/USD: crypto, 1:2), and the server fills at it.
  const customer = await newCustomer(baseURL!);
  const context = await browser.newContext({ baseURL });
  const room = await context.newPage();
  await openRoom(room, customer);
  await expect(room.getByTestId('margin-info')).toContainText('1:2');
  const placed = room.waitForResponse('**/api/v1/trades/store');
  await room.getByTestId('buy-button').click();
  const answer = (await (await placed).json()) as { data: { leverage: number; asset_symbol: string } };
  expect(answer.data).toMatchObject({ asset_symbol: 'BTCUSD', leverage: 2 });
  await expect(toast(room, 'Buy order placed')).toBeVisible();

  // The client area names the caps a retail client has, and lists them among what a professional gives up.
  await room.goto('/main/client-category');
  await expect(room.getByText('Your leverage is capped per class of instrument under ESMA (European Union), whatever your plan allows:')).toBeVisible();
  await expect(room.getByTestId('protections').getByTestId('leverage-ceilings')).toContainText('Crypto1:2');
  await screenshots(room, 'client-category-esma');
});

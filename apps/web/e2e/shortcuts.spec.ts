import { expect, type Page } from '@playwright/test';
import { apiCall, newCustomer, openRoom, screenshots, test } from './helpers';

type Trade = { trade_type: string };

const drawer = (page: Page) => page.getByTestId('positions-drawer');
const positionRows = (page: Page) => drawer(page).getByTestId('position-row');
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Open pairs' }).getByRole('tab', { name });
const railButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name });

test('keyboard shortcuts trade, switch instruments and panels, close the focused position, and never fire while typing', async ({ page, baseURL }) => {
  test.slow();
  const { token } = await openRoom(page, await newCustomer(baseURL!));
  const openTrades = async () => (await apiCall<{ data: Trade[] }>(baseURL!, 'GET', '/open/trades', { token })).data;

  // "?" shows the cheat sheet; Escape closes it.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByTestId('shortcut-list')).toContainText('Buy at the current price');
  await expect(sheet.getByText('Close the selected position (with confirmation)')).toBeVisible();
  await screenshots(page, 'trading-room-shortcuts');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // "/" goes to the search; letters typed there are text, not orders.
  await page.keyboard.press('/');
  const search = page.getByRole('textbox', { name: /^Search / }).first();
  await expect(search).toBeFocused();
  await page.keyboard.type('bsp');
  await expect(search).toHaveValue('bsp');
  await search.fill('');
  await search.blur();
  // An order sent late would still show below, where exactly one buy and one sell are expected.
  expect(await openTrades()).toEqual([]);

  // [ and ] step through the open pairs.
  await page.getByRole('button', { name: /^EUR\/USD \d/ }).first().click();
  await expect(tab(page, 'EUR/USD')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('[');
  await expect(tab(page, 'BTC/USD')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press(']');
  await expect(tab(page, 'EUR/USD')).toHaveAttribute('aria-selected', 'true');
  // Back to Bitcoin, which trades every day of the week.
  await page.keyboard.press(']');
  await expect(tab(page, 'BTC/USD')).toHaveAttribute('aria-selected', 'true');
  // Delete closes the focused pair tab.
  await tab(page, 'EUR/USD').focus();
  await page.keyboard.press('Delete');
  await expect(tab(page, 'EUR/USD')).toHaveCount(0);
  await expect(tab(page, 'BTC/USD')).toHaveAttribute('aria-selected', 'true');

  // B buys and S sells, through the same path as the buttons.
  await page.keyboard.press('b');
  await expect(positionRows(page)).toHaveCount(1, { timeout: 15_000 });
  await page.keyboard.press('s');
  await expect(positionRows(page)).toHaveCount(2, { timeout: 15_000 });
  expect((await openTrades()).map((t) => t.trade_type).sort()).toEqual(['buy', 'sell']);

  // P hides and shows the positions; 1 opens and closes the first panel of the rail.
  await page.keyboard.press('p');
  await expect(drawer(page)).toBeHidden();
  await page.keyboard.press('p');
  await expect(drawer(page)).toBeVisible();
  await page.keyboard.press('1');
  await expect(railButton(page, 'Market Watch')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('1');
  await expect(railButton(page, 'Market Watch')).toHaveAttribute('aria-pressed', 'false');

  // C asks to close the position whose row has the focus; Yes closes it.
  await positionRows(page).first().focus();
  await page.keyboard.press('c');
  const confirm = page.getByRole('dialog', { name: 'Close position' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(positionRows(page)).toHaveCount(1, { timeout: 15_000 });
  expect(await openTrades()).toHaveLength(1);
});

import { expect, type Page } from '@playwright/test';
import { newCustomer, openRoom, screenshots, test } from './helpers';

/** BTC/USD, the default instrument, is priced with its 2 digits. */
const PRICED = /^\d+\.\d{2}$/;

/**
 * Counts the permission requests and the notifications the page creates (real ones: the
 * constructor is the browser's, only watched), so a test can tell when each happened.
 */
async function watchNotifications(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __permissionAsks: number; __shown: string[] };
    w.__permissionAsks = 0;
    w.__shown = [];
    const Real = window.Notification;
    const ask = Real.requestPermission.bind(Real);
    class Watched extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        w.__shown.push(`${title}: ${options?.body ?? ''}`);
      }
    }
    Watched.requestPermission = (...args: Parameters<typeof Real.requestPermission>) => {
      w.__permissionAsks++;
      return ask(...args);
    };
    window.Notification = Watched as typeof Notification;
  });
}
const price = async (page: Page, side: 'buy' | 'sell') => Number(await page.getByTestId(`${side}-price`).textContent());
const permissionAsks = (page: Page) => page.evaluate(() => (window as unknown as { __permissionAsks: number }).__permissionAsks);
const shown = (page: Page) => page.evaluate(() => (window as unknown as { __shown: string[] }).__shown);

async function openNewRoom(page: Page, baseURL: string) {
  await openRoom(page, await newCustomer(baseURL));
  await expect(page.getByTestId('buy-price')).toHaveText(PRICED);
}

const sidebarWatch = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }).getByRole('region', { name: 'Market Watch' });
/** The sidebar's row of `symbol`, found through the search (the list only renders the rows in view). */
async function watchRow(page: Page, symbol: string) {
  await sidebarWatch(page).getByRole('textbox', { name: 'Search Market Watch' }).fill(symbol.replace('/', ''));
  return sidebarWatch(page).locator(`[data-testid="market-watch-row"][data-symbol="${symbol}"]`);
}
const editor = (page: Page) => page.getByRole('dialog', { name: /price alert/ });
const alertList = (page: Page) => page.getByRole('dialog', { name: 'Price alerts' });

test('an alert set from the market watch and moved to the current price fires, with the in-app and the browser notification', async ({ page, context, baseURL }) => {
  test.setTimeout(240_000);
  await watchNotifications(page);
  await openNewRoom(page, baseURL!);
  expect(await permissionAsks(page)).toBe(0);

  const row = await watchRow(page, 'BTC/USD');
  await row.getByRole('button', { name: 'More for BTC/USD' }).click();
  await row.getByRole('button', { name: 'Set price alert' }).click();
  const dialog = editor(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'New price alert' })).toBeVisible();
  await expect(dialog.getByTestId('alert-price')).toContainText(/Price now: \d+\.\d{2}/);
  // Set well above the price first: it must not fire before the browser is allowed to notify, or
  // the test would race the permission it grants below.
  const now = ((await price(page, 'buy')) + (await price(page, 'sell'))) / 2;
  await dialog.getByLabel('Price', { exact: true }).fill((now * 1.2).toFixed(2));
  await expect(dialog.getByRole('radio', { name: 'Crosses above', checked: true })).toHaveCount(1);
  await screenshots(page, 'alert-dialog');

  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Alert set on BTC/USD')).toBeVisible();
  expect(await permissionAsks(page)).toBe(1);
  await context.grantPermissions(['notifications']);

  await page.getByRole('button', { name: /^Price alerts/ }).click();
  const list = alertList(page);
  const item = list.getByTestId('alert-item').first();
  await expect(item).toContainText('BTC/USD');
  await expect(item).toContainText(/Price above \d+\.\d{2}/);

  // Moved to where the price is, it fires on the next tick back across; a price that ran away while
  // the alert was being saved may not come back for minutes, so the level is then moved again.
  const banner = page.getByTestId('notification-banner');
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      try {
        await expect(banner).toContainText('Price alert: BTC/USD', { timeout: 20_000 });
        break;
      } catch (error) {
        if (attempt === 6) throw error;
      }
    }
    const mid = ((await price(page, 'buy')) + (await price(page, 'sell'))) / 2;
    await list.getByRole('button', { name: 'Edit the alert on BTC/USD' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit price alert' });
    await edit.getByLabel('Price', { exact: true }).fill(mid.toFixed(2));
    await edit.getByRole('button', { name: 'Save alert' }).click();
    await expect(edit).toBeHidden();
  }
  await expect(page.getByTestId('notification-banner')).toContainText(/BTC\/USD crossed above \d+\.\d{2}/);
  await expect(item).toHaveAttribute('data-status', 'triggered');
  await expect(item).toContainText('Triggered');
  await expect(item).toContainText(/Last fired .* at \d+\.\d{2}/);
  await expect(list.getByTestId('alerts-count')).toHaveText('0 of 200 active');
  await expect.poll(() => shown(page)).toEqual([expect.stringMatching(/^Price alert: BTC\/USD: BTC\/USD crossed above/)]);
  await screenshots(page, 'alert-list');
});

test('an alert set by right-clicking the chart is drawn on it, edited, paused and deleted from the list by keyboard; the asset info dialog sets one on its instrument', async ({ page, baseURL }) => {
  await openNewRoom(page, baseURL!);
  const chart = page.getByTestId('price-chart');
  await expect(chart).not.toHaveAttribute('data-bars', '0', { timeout: 15_000 });
  const box = (await chart.boundingBox())!;
  await chart.click({ button: 'right', position: { x: box.width / 2, y: box.height * 0.15 } });
  const menu = page.getByRole('menu', { name: 'Chart actions' });
  const item = menu.getByRole('menuitem', { name: /^Set alert at \d+\.\d+$/ });
  const at = (await item.textContent())!.replace('Set alert at', '').trim();
  await item.click();
  const dialog = editor(page);
  await expect(dialog.getByLabel('Price', { exact: true })).toHaveValue(at);
  // High on the chart, so above the price; the note is typed and the form sent with Enter.
  await expect(dialog.getByRole('radio', { name: 'Crosses above' })).toBeChecked();
  await dialog.getByLabel('Note (optional)').fill('Resistance');
  await dialog.getByLabel('Note (optional)').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(chart).toHaveAttribute('data-alert-lines', '1');

  await page.getByRole('button', { name: 'Price alerts, 1 active' }).click();
  const list = alertList(page);
  const entry = list.getByTestId('alert-item');
  await expect(entry).toContainText(`Price above ${at}`);
  await expect(entry).toContainText('Resistance');

  await list.getByRole('button', { name: 'Edit the alert on BTC/USD' }).focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit price alert' });
  await edit.getByRole('radio', { name: '% move' }).check();
  await edit.getByLabel('Move (%)').fill('3');
  await edit.getByLabel('Within').selectOption('5m');
  await edit.getByRole('button', { name: 'Save alert' }).press('Enter');
  await expect(edit).toBeHidden();
  await expect(entry).toContainText('Moves 3% within 5 minutes either way');
  await expect(chart).toHaveAttribute('data-alert-lines', '0');

  await list.getByRole('button', { name: 'Pause the alert on BTC/USD' }).focus();
  await page.keyboard.press('Enter');
  await expect(entry).toHaveAttribute('data-status', 'paused');
  await expect(list.getByTestId('alerts-count')).toHaveText('0 of 200 active');
  await list.getByRole('button', { name: 'Delete the alert on BTC/USD' }).focus();
  await page.keyboard.press('Enter');
  await list.getByRole('button', { name: 'Yes' }).click();
  await expect(list.getByText(/No price alerts yet/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();

  // The asset info dialog sets one on its own instrument.
  const row = await watchRow(page, 'ETH/USD');
  await row.getByRole('button', { name: 'About ETH/USD' }).click();
  await page.getByRole('dialog', { name: 'ETH/USD' }).getByRole('button', { name: 'Set alert' }).click();
  await expect(dialog).toContainText('ETH/USD');
  await dialog.getByRole('radio', { name: '% move' }).check();
  await dialog.getByLabel('Move (%)').fill('0.01');
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(dialog.getByText('Enter a move between 0.1% and 50%.')).toBeVisible();
  await dialog.getByLabel('Move (%)').fill('5');
  await dialog.getByRole('checkbox', { name: /Repeat/ }).check();
  await dialog.getByLabel('Cool-down', { exact: true }).selectOption({ label: '15 minutes' });
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Price alerts, 1 active' }).click();
  await expect(entry).toContainText('ETH/USD');
  await expect(entry).toContainText('Moves 5% within 1 hour either way');
  await expect(entry).toContainText('Repeats');
});

import { expect, type Page } from '@playwright/test';
import { newCustomer, openSignedIn, screenshots, test } from './helpers';

/** Signs a new customer in and opens the backtest dialog of the first advisor in the marketplace. */
async function openBacktest(page: Page, baseURL: string) {
  await openSignedIn(page, await newCustomer(baseURL), '/main/marketplace');
  await page.getByRole('button', { name: 'Backtest' }).first().click();
  return page.getByRole('dialog', { name: /^Backtest / });
}

test('runs a backtest and reads its report', async ({ page, baseURL }) => {
  test.slow();
  const dialog = await openBacktest(page, baseURL!);
  await expect(dialog.getByRole('form', { name: 'Backtest settings' })).toBeVisible();
  // Parameters are generated from the strategy's schema, with its labels and defaults.
  await expect(dialog.getByLabel('Lots per order')).toHaveValue('0.1');
  await dialog.getByLabel('Find instrument').fill('EUR/USD');
  await expect(dialog.getByLabel('Instrument', { exact: true })).toContainText('EUR/USD');
  await dialog.getByLabel('Timeframe').selectOption('5m');

  // A bad parameter is caught by the form before anything is sent.
  await dialog.getByLabel('Lots per order').fill('0');
  await dialog.getByRole('button', { name: 'Run backtest' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('Lots per order').fill('0.5');
  await screenshots(page, 'backtest-form');

  await dialog.getByRole('button', { name: 'Run backtest' }).click();
  const report = dialog.getByRole('region', { name: 'Backtest report' });
  await expect(report).toBeVisible({ timeout: 30_000 });
  for (const label of ['Net profit', 'Gross profit', 'Gross loss', 'Profit factor', 'Max drawdown', 'Max drawdown %', 'Trades', 'Win rate', 'Sharpe ratio']) {
    await expect(report.locator('dt').getByText(label, { exact: true })).toBeVisible();
  }
  await expect(report.getByText(/Sharpe ratio from daily returns/)).toBeVisible();
  await expect(report.getByRole('figure', { name: 'Equity curve' }).locator('canvas').first()).toBeVisible();
  const trades = report.getByRole('table', { name: 'Trades of the backtest' });
  await expect(trades.getByRole('row').nth(1)).toBeVisible();
  // The run is on the instrument picked: EUR/USD prices, not the room's BTC/USD.
  await expect(trades.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText(/^1\.\d+$/);
  await screenshots(page, 'backtest');

  // Back to the settings, which keep those of the last run.
  await dialog.getByRole('button', { name: 'Change settings' }).click();
  await expect(dialog.getByLabel('Lots per order')).toHaveValue('0.5');
  await expect(dialog.getByLabel('Timeframe')).toHaveValue('5m');
  await expect(dialog.getByLabel('Instrument', { exact: true }).locator('option:checked')).toContainText('EUR/USD');

  // The run is listed among the earlier ones and opens again.
  const earlier = dialog.getByRole('region', { name: 'Earlier runs' });
  await expect(earlier.getByRole('listitem')).toHaveCount(1);
  await expect(earlier.getByRole('listitem').first()).toContainText(/EUR\/USD · 5m · .* · Done/);
  await earlier.getByRole('button', { name: 'Open' }).click();
  await expect(report).toBeVisible();
});

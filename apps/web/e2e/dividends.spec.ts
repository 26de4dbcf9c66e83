import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Days years ahead, apart for each test: never applied while the test runs, never another test's. */
function futureDays(count: number): string[] {
  const start = Date.UTC(2031 + randomInt(20), 0, 1) + randomInt(300) * 86_400_000;
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/** Two share CFDs of the catalogue. */
async function shareSymbols(baseURL: string): Promise<[string, string]> {
  const page1 = await apiCall<{ data: { symbol: string }[] }>(baseURL, 'GET', '/admin/swap-rates?type=stocks', { token: await adminToken(baseURL) });
  return [page1.data[0]!.symbol, page1.data[1]!.symbol];
}

test('an admin enters a dividend for a share CFD, imports a CSV refused for its bad row and then a good one, and removes one', async ({ page, baseURL }) => {
  const [first, second] = await shareSymbols(baseURL!);
  const [day1, day2, day3] = futureDays(3);
  const row = (symbol: string, day: string) => page.locator(`[data-testid="dividend-row"][data-symbol="${symbol}"][data-ex-date="${day}"]`);

  await openSignedIn(page, ADMIN, '/admin/dealing');
  await page.getByRole('tab', { name: 'Dividends' }).click();
  await expect(page).toHaveURL(/tab=dividends/);
  const section = page.getByTestId('dividends-section');

  // One by hand: the contract's check on the amount, then the server's refusal of a symbol that is no share CFD.
  await section.getByRole('button', { name: 'New dividend' }).click();
  const dialog = page.getByRole('dialog', { name: 'New dividend' });
  await dialog.getByRole('textbox', { name: 'Symbol' }).fill('EURUSD');
  await dialog.getByLabel('Ex-date').fill(day1!);
  await dialog.getByRole('textbox', { name: 'Amount per share' }).fill('0');
  await dialog.getByRole('button', { name: 'Enter dividend' }).click();
  await expect(dialog.getByText('The amount must be a number other than 0, at most 10000 a share either way.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount per share' }).fill('0.42');
  await dialog.getByRole('button', { name: 'Enter dividend' }).click();
  await expect(dialog.getByText('The symbol must name a share or index CFD of the catalogue.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Symbol' })).toHaveAttribute('aria-invalid', 'true');
  await screenshots(page, 'admin-dealing-dividend-dialog');
  await dialog.getByRole('textbox', { name: 'Symbol' }).fill(first.toLowerCase());
  await dialog.getByRole('button', { name: 'Enter dividend' }).click();
  await expect(toast(page, `Dividend of ${first} entered for ${day1}.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row(first, day1!)).toContainText('0.42');
  await expect(row(first, day1!)).toContainText('Pending');

  // A file with a bad row is refused whole, the row named; nothing of it is listed.
  await section.getByRole('button', { name: 'Import CSV' }).click();
  const importer = page.getByRole('dialog', { name: 'Import dividends' });
  const csvText = importer.getByRole('textbox', { name: 'CSV text' });
  await csvText.fill(`symbol,ex_date,amount\n${first},${day2},0.5\n${second},31/12/2031,0.25\n${second},${day3},0\n`);
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  const problems = importer.getByTestId('dividend-import-problems').getByRole('listitem');
  await expect(problems).toHaveText(['Row 3: The ex-date must be a date (YYYY-MM-DD).', 'Row 4: The amount must be a number other than 0, at most 10000 a share either way.']);
  await screenshots(page, 'admin-dealing-dividend-import');
  // Rows that read well but name no share CFD are refused by the catalogue, by their line too.
  await csvText.fill(`symbol,ex_date,amount\n${first},${day2},0.5\nEURUSD,${day3},0.25\n`);
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(problems).toHaveText(['Row 3: The symbol must name a share or index CFD of the catalogue.']);
  await expect(row(first, day2!)).toHaveCount(0);

  // The good file, picked from disk: both rows listed.
  await importer.getByTestId('dividend-csv-file').setInputFiles({
    name: 'dividends.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`symbol,ex_date,amount\n${first},${day2},0.5\n${second},${day3},-0.25\n`),
  });
  await expect(importer.getByText('dividends.csv')).toBeVisible();
  await expect(problems).toHaveCount(0);
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page, 'Dividends imported: 2.')).toBeVisible();
  await expect(importer).toHaveCount(0);
  await expect(row(first, day2!)).toContainText('0.5');
  await expect(row(second, day3!)).toContainText('-0.25');
  await screenshots(page, 'admin-dealing-dividends');

  // A pending one removed after the confirm.
  await row(second, day3!).getByRole('button', { name: `Remove the dividend of ${second} on ${day3}` }).click();
  await page.getByRole('dialog', { name: `Remove the dividend of ${second} on ${day3}?` }).getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, `Dividend of ${second} on ${day3} removed.`)).toBeVisible();
  await expect(row(second, day3!)).toHaveCount(0);
  await expect(row(first, day2!)).toBeVisible();

  // The audit log names what was done.
  const log = await apiCall<{ data: { action: string }[] }>(baseURL!, 'GET', '/admin/audit-log?action=corporate_action.delete', { token: await adminToken(baseURL!) });
  expect(log.data.length).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Audit log' }).filter({ visible: true }).click();
  await expect(page.getByTestId('audit-row').filter({ hasText: 'Dividend removed' }).filter({ hasText: `${second}, ex-date ${day3}` }).first()).toBeVisible();
});

test('support staff read the dividends without a control to change them', async ({ page, baseURL }) => {
  const [symbol] = await shareSymbols(baseURL!);
  const [day] = futureDays(1);
  const token = await adminToken(baseURL!);
  await apiCall(baseURL!, 'POST', '/admin/corporate-actions', { token, body: { symbol, ex_date: day, amount: '1.5' } });
  const staff = await newCustomer(baseURL!);
  await apiCall(baseURL!, 'PATCH', `/admin/clients/${staff.id}/role`, { token, body: { role: 'support' } });
  await openSignedIn(page, staff, '/admin/dealing?tab=dividends');
  await page.getByTestId('notification-banner').getByRole('button', { name: 'Close' }).click();
  const section = page.getByTestId('dividends-section');
  await expect(section.locator(`[data-testid="dividend-row"][data-symbol="${symbol}"][data-ex-date="${day}"]`)).toContainText('1.5');
  await expect(section.getByTestId('read-only-note')).toBeVisible();
  await expect(section.getByRole('button', { name: 'New dividend' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
});

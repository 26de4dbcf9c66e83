import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect } from '@playwright/test';
import { ADMIN, e2eDataDir, newCustomer, openRoom, openSignedIn, screenshots, test } from './helpers';

// Both tests price LTCUSD, which no other spec trades, through the e2e server's PRICE_FEEDS file:
// one at a time.
test.describe.configure({ mode: 'serial' });

/** A tick file of `count` quotes 100 ms apart around `level` (LTCUSD, which no other spec trades). */
function tickFile(file: string, level: number, count: number) {
  const start = Date.parse('2026-11-02T10:00:00Z');
  const lines = ['time,bid,ask'];
  for (let i = 0; i < count; i++) {
    const bid = level + (i % 5) * 0.01;
    lines.push(`${new Date(start + i * 100).toISOString()},${bid.toFixed(2)},${(bid + 0.04).toFixed(2)}`);
  }
  writeFileSync(file, lines.join('\n'));
}

const feedsFile = () => path.join(e2eDataDir(), 'price-feeds.json');

test.afterEach(() => writeFileSync(feedsFile(), JSON.stringify({ sources: [], instruments: {} })));

test('staff see each price source’s health, and a failover as it happens', async ({ page }) => {
  const dir = e2eDataDir();
  // The primary plays 20 s and ends (long enough to be seen running on a slow machine); the backup loops.
  tickFile(path.join(dir, 'ltc-primary.csv'), 82, 200);
  tickFile(path.join(dir, 'ltc-backup.csv'), 83, 50);
  writeFileSync(
    feedsFile(),
    JSON.stringify({
      sources: [
        { name: 'ltc-primary', kind: 'replay', file: 'ltc-primary.csv', symbol: 'LTCUSD', loop: false },
        { name: 'ltc-backup', kind: 'replay', file: 'ltc-backup.csv', symbol: 'LTCUSD' },
      ],
      instruments: { LTCUSD: { sources: [{ source: 'ltc-primary', symbol: 'LTCUSD' }, { source: 'ltc-backup', symbol: 'LTCUSD' }], markup: { kind: 'points', value: 1 } } },
      // The switch this test waits for is the primary's file ending, not a stall on a busy machine.
      stallMs: 15_000,
    }),
  );

  await openSignedIn(page, ADMIN, '/admin/clients');
  await page.getByRole('link', { name: 'Price sources' }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { name: 'Price sources' })).toBeVisible();
  const card = (name: string) => page.getByTestId('price-source').filter({ has: page.getByRole('heading', { name, exact: true }) });
  // The server reads the edited file within a few seconds.
  await expect(card('ltc-primary').getByTestId('price-source-status')).toHaveText('Connected', { timeout: 15_000 });
  await expect(card('ltc-backup').getByTestId('price-source-status')).toHaveText('Connected');
  await expect(card('ltc-primary')).toContainText(/Instruments\s*1/);
  await expect(page.getByText('No switches yet.')).toBeVisible();
  // The dealer's view of the instrument: the source's quote, and the customer's a point wider each side.
  const row = page.getByTestId('fed-instruments').getByRole('row', { name: /LTCUSD/ });
  await expect(row).toContainText('ltc-primary');
  const [rawBid, rawAsk, bid, ask] = (await row.locator('td').allTextContents()).slice(1).map(Number);
  expect(rawBid! - bid!).toBeCloseTo(0.01, 6);
  expect(ask! - rawAsk!).toBeCloseTo(0.01, 6);
  await screenshots(page, 'admin-price-sources');

  // The primary's file ends: prices move to the backup at once, and the page shows it.
  await expect(card('ltc-primary').getByTestId('price-source-status')).toHaveText('Ended', { timeout: 40_000 });
  const switches = page.getByTestId('price-source-switches');
  await expect(switches).toContainText('LTCUSD');
  await expect(switches).toContainText('ltc-primary → ltc-backup');
  await expect(switches).toContainText('Disconnected');
  await expect(card('ltc-backup')).toContainText(/Instruments\s*1/);
  await expect(card('ltc-primary')).toContainText(/Failovers\s*1/);
  await screenshots(page, 'admin-price-sources-failover');
});

/** The liquidity-provider simulator of tools/fix-lp, as a process on a free port. */
async function startProvider(symbols: string) {
  const main = path.resolve(import.meta.dirname, '../../../tools/fix-lp/main.ts');
  const child = spawn(process.execPath, [main, '--port', '0', '--symbols', symbols, '--rate', '10', '--comp-id', 'LP'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fix-lp exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line).listening));
  });
  return { port, stop: () => child.kill() };
}

test('a customer sees the live book of an instrument a liquidity provider prices', async ({ page, baseURL }) => {
  const provider = await startProvider('LTC/USD');
  try {
    writeFileSync(
      feedsFile(),
      JSON.stringify({
        sources: [{ name: 'lp', kind: 'fix', host: '127.0.0.1', port: provider.port, sender_comp_id: 'BOURSE-E2E', target_comp_id: 'LP', depth: 5, reconnect_seconds: 0.5 }],
        instruments: { LTCUSD: { sources: [{ source: 'lp', symbol: 'LTC/USD' }] } },
      }),
    );
    await openRoom(page, await newCustomer(baseURL!));
    await page.getByRole('button', { name: 'Add pair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add pair' });
    await dialog.getByRole('textbox', { name: 'Search pairs' }).fill('LTC');
    await dialog.locator('[data-testid="pair-row"][data-symbol="LTC/USD"]').getByRole('button', { name: /^Open / }).click();

    // The provider quotes LTC/USD around 100, five levels a side.
    const depth = page.getByTestId('market-depth');
    await expect(depth.getByTestId('depth-row')).toHaveCount(5, { timeout: 20_000 });
    await expect(depth.getByRole('columnheader', { name: 'Bid', exact: true })).toBeVisible();
    // Cells: bid size, bid, ask, ask size.
    const [, bid, ask] = (await depth.getByTestId('depth-row').first().locator('td').allTextContents()).map(Number);
    expect(bid).toBeGreaterThan(90);
    expect(ask).toBeGreaterThan(bid!);
    await expect(page.getByTestId('buy-price')).toHaveText(/^(9\d|1\d\d)\./);
    // It moves with the provider's book.
    const before = await depth.textContent();
    await expect.poll(async () => depth.textContent(), { timeout: 10_000 }).not.toBe(before);
    await screenshots(page, 'room-market-depth');

    // Back on an instrument the simulator prices, there is no book to show.
    await page.getByRole('tablist', { name: 'Open pairs' }).getByRole('tab', { name: 'BTC/USD' }).click();
    await expect(depth).toHaveCount(0);
  } finally {
    provider.stop();
  }
});

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, type Page } from '@playwright/test';
import { ADMIN, e2eDataDir, newCustomer, openRoom, openSignedIn, screenshots, test } from './helpers';

// The tests price LTCUSD and AAVEUSD, which no other spec trades, through the e2e server's one
// PRICE_FEEDS file: one at a time, so every test that edits that file belongs in this spec.
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
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

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

test('an admin routes an instrument to a source with a markup from the back office, and removes it', async ({ page }) => {
  const dir = e2eDataDir();
  tickFile(path.join(dir, 'ltc-tape.csv'), 84, 50);
  const tape = (name: string) => ({ name, kind: 'replay', file: 'ltc-tape.csv', symbol: 'LTCUSD' });
  writeFileSync(feedsFile(), JSON.stringify({ sources: [tape('ltc-tape')], instruments: {} }));

  await openSignedIn(page, ADMIN, '/admin/price-feeds');
  const routing = page.getByTestId('instrument-routing');
  await expect(routing.getByRole('heading', { name: 'Instrument routing' })).toBeVisible();
  await expect(routing.getByTestId('no-routed-instruments')).toBeVisible();

  // The instrument is chosen from the catalogue's matches for what is typed.
  await routing.getByRole('button', { name: 'Add instrument' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an instrument' });
  await dialog.getByRole('textbox', { name: 'Instrument' }).fill('LTC');
  await dialog.getByRole('list', { name: 'Matching instruments' }).getByRole('button', { name: /^LTCUSD/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'Instrument' })).toHaveValue('LTCUSD');
  const primary = dialog.getByRole('group', { name: 'Source 1: primary' });
  await expect(primary.getByRole('combobox', { name: 'Source' })).toHaveValue('ltc-tape');
  // Saving without the provider's symbol names the field.
  await dialog.getByRole('button', { name: 'Add instrument' }).click();
  await expect(primary.getByText('Enter the symbol this source uses.')).toBeVisible();
  await primary.getByRole('textbox', { name: 'Provider symbol' }).fill('LTCUSD');
  // Two points a side: 0.02 on LTCUSD's 2-digit prices.
  await dialog.getByRole('radio', { name: 'Points' }).check();
  await dialog.getByRole('spinbutton', { name: 'Markup in points' }).fill('2');
  await dialog.evaluate((element) => element.scrollTo(0, 0));
  await screenshots(page, 'admin-instrument-routing-dialog');
  await dialog.getByRole('button', { name: 'Add instrument' }).click();
  await expect(toast(page, 'LTCUSD: routing saved, and running now.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Written to the file, as the server reads it at its next start.
  expect(JSON.parse(readFileSync(feedsFile(), 'utf8')).instruments).toEqual({ LTCUSD: { sources: [{ source: 'ltc-tape', symbol: 'LTCUSD' }], markup: { kind: 'points', value: 2 } } });

  // Listed with its source, markup and execution; and priced by the source at once, markup included.
  const routed = routing.locator('[data-testid="routed-instrument"][data-symbol="LTCUSD"]');
  await expect(routed.getByTestId('routed-sources')).toContainText('ltc-tape');
  await expect(routed).toContainText('2 points');
  await expect(routed).toContainText('House (B-book)');
  const fed = page.getByTestId('fed-instruments').getByRole('row', { name: /LTCUSD/ });
  await expect(fed).toContainText('ltc-tape', { timeout: 15_000 });
  // The source is named before its first quote is in: the prices follow.
  const widening = async () => {
    const [rawBid, rawAsk, bid, ask] = (await fed.locator('td').allTextContents()).slice(1).map(Number);
    return [Number((rawBid! - bid!).toFixed(6)), Number((ask! - rawAsk!).toFixed(6))];
  };
  await expect.poll(widening, { timeout: 15_000 }).toEqual([0.02, 0.02]);
  await screenshots(page, 'admin-instrument-routing');

  // Someone renames the source in the file while the dialog is open: the server refuses the edit
  // that names the old one, and the form says why.
  await routed.getByRole('button', { name: 'Edit the routing of LTCUSD' }).click();
  const edit = page.getByRole('dialog', { name: 'Routing of LTCUSD' });
  await expect(edit.getByRole('textbox', { name: 'Provider symbol' })).toHaveValue('LTCUSD');
  writeFileSync(feedsFile(), JSON.stringify({ sources: [tape('ltc-tape-2')], instruments: { LTCUSD: { sources: [{ source: 'ltc-tape-2', symbol: 'LTCUSD' }] } } }));
  await edit.getByRole('button', { name: 'Save routing' }).click();
  await expect(edit.getByTestId('routing-refusal')).toHaveText('instruments.LTCUSD: LTCUSD names an unknown source ltc-tape.');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  // The list now reads the file as it is.
  await expect(routed.getByTestId('routed-sources')).toContainText('ltc-tape-2');
  await expect(routed).toContainText('None');

  // Removed, after a confirmation: back to the simulator.
  await routed.getByRole('button', { name: 'Remove the routing of LTCUSD' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the routing of LTCUSD?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'LTCUSD is priced by the simulator again.')).toBeVisible();
  await expect(routed).toHaveCount(0);
  await expect(routing.getByTestId('no-routed-instruments')).toBeVisible();
  await expect(page.getByTestId('fed-instruments').getByRole('row', { name: /LTCUSD/ })).toHaveCount(0, { timeout: 15_000 });
});

type ProviderOrder = { comp_id: string; cl_ord_id: string; side: string; symbol: string; quantity: number; status: string; cum_qty: number; avg_px: number };

/**
 * The liquidity-provider simulator of tools/fix-lp, as a process on a free port: its JSON events
 * (logons, orders) as they come, and its stdin commands (`orders reject <text>`), each answered once
 * it has taken effect.
 */
async function startProvider(symbols: string) {
  const main = path.resolve(import.meta.dirname, '../../../tools/fix-lp/main.ts');
  const child = spawn(process.execPath, [main, '--port', '0', '--symbols', symbols, '--rate', '10', '--comp-id', 'LP'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const events: Record<string, unknown>[] = [];
  const answers: ((event: Record<string, unknown>) => void)[] = [];
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fix-lp exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line).listening));
  });
  lines.on('line', (line) => {
    const event = JSON.parse(line) as Record<string, unknown>;
    events.push(event);
    if ('done' in event || 'error' in event) answers.shift()?.(event);
  });
  return {
    port,
    orders: () => events.flatMap((e) => (e.order ? [e.order as ProviderOrder] : [])),
    command: (line: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        answers.push((event) => ('error' in event ? reject(new Error(String(event.error))) : resolve(event)));
        child.stdin!.write(`${line}\n`);
      }),
    stop: () => child.kill(),
  };
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

test('an A-book instrument fills at the liquidity provider, shows its refusal, and staff see the venue', async ({ page, browser, baseURL }) => {
  test.slow();
  const provider = await startProvider('AAVE/USD');
  // A retry starts a new simulator, which knows nothing of the first attempt's position: the venue
  // gets another name, so the house's positions there start from nothing too.
  const venue = test.info().retry ? `lp-orders-${test.info().retry}` : 'lp-orders';
  try {
    const session = { host: '127.0.0.1', port: provider.port, target_comp_id: 'LP', reconnect_seconds: 0.5 };
    writeFileSync(
      feedsFile(),
      JSON.stringify({
        sources: [{ name: 'lp', kind: 'fix', sender_comp_id: 'BOURSE-E2E', depth: 5, ...session }],
        // The order session logs on as another sender than the prices.
        venues: [{ name: venue, kind: 'fix', sender_comp_id: 'BOURSE-E2E-ORD', timeout_ms: 10_000, ...session }],
        // A markup of 50 points (0.50) on each side: the fill is the provider's price plus that.
        instruments: { AAVEUSD: { sources: [{ source: 'lp', symbol: 'AAVE/USD' }], markup: { kind: 'points', value: 50 }, execution: { venue, symbol: 'AAVE/USD', rule: 'a_book', demo_accounts: true } } },
      }),
    );
    await openRoom(page, await newCustomer(baseURL!));
    await page.getByRole('button', { name: 'Add pair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add pair' });
    await dialog.getByRole('textbox', { name: 'Search pairs' }).fill('AAVE');
    await dialog.locator('[data-testid="pair-row"][data-symbol="AAVE/USD"]').getByRole('button', { name: /^Open / }).click();

    // The provider's book, moving; the BUY button quotes its ask plus the markup (around 100).
    const depth = page.getByTestId('market-depth');
    await expect(depth.getByTestId('depth-row')).toHaveCount(5, { timeout: 20_000 });
    await expect(page.getByTestId('buy-price')).toHaveText(/^(9\d|1\d\d)\./);
    const before = await depth.textContent();
    await expect.poll(async () => depth.textContent(), { timeout: 10_000 }).not.toBe(before);

    // A market buy through the order ticket goes to the provider and opens at its fill plus the markup.
    await page.getByTestId('buy-button').click();
    await expect.poll(() => provider.orders().length, { timeout: 15_000 }).toBe(1);
    const [filled] = provider.orders();
    expect(filled).toMatchObject({ comp_id: 'BOURSE-E2E-ORD', side: 'buy', symbol: 'AAVE/USD', quantity: 0.01, status: 'filled', cum_qty: 0.01 });
    const price = (filled!.avg_px + 0.5).toFixed(2);
    await expect(toast(page, 'Buy order placed')).toContainText(`Bought 0.01 lots (0.01 units) at ${price}`);
    const position = page.getByTestId('positions-drawer').getByTestId('position-row');
    await expect(position).toHaveCount(1);
    await expect(position).toContainText('AAVEUSD');
    await expect(position.locator('td').nth(3)).toHaveText(price);
    await screenshots(page, 'room-a-book-position');

    // The provider refuses the next order: the customer reads its reason and nothing more is opened.
    await provider.command('orders reject no liquidity');
    await page.getByTestId('buy-button').click();
    await expect(toast(page, 'Failed to execute trade')).toContainText('The liquidity provider did not fill the order: no liquidity.');
    await expect.poll(() => provider.orders().map((o) => o.status)).toEqual(['filled', 'rejected']);
    await expect(position).toHaveCount(1);

    // Staff see the order session logged on, with nothing left waiting on it.
    const admin = await (await browser.newContext()).newPage();
    await openSignedIn(admin, ADMIN, '/admin/clients');
    await admin.getByRole('link', { name: 'Price sources' }).filter({ visible: true }).click();
    const card = admin.getByTestId('execution-venue').filter({ has: admin.getByRole('heading', { name: venue, exact: true }) });
    await expect(card.getByTestId('venue-status')).toHaveText('Connected');
    await expect(card.getByTestId('venue-in-flight')).toHaveText('0');
    await expect(card.getByTestId('venue-no-breaks')).toHaveText('Positions agree with the provider.');
    await screenshots(admin, 'admin-execution-venues');
  } finally {
    provider.stop();
  }
});

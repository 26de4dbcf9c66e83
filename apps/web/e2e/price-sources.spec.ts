import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { ADMIN, e2eDataDir, openSignedIn, screenshots, test } from './helpers';

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
  // The primary plays about 12 s and ends; the backup loops.
  tickFile(path.join(dir, 'ltc-primary.csv'), 82, 120);
  tickFile(path.join(dir, 'ltc-backup.csv'), 83, 50);
  writeFileSync(
    feedsFile(),
    JSON.stringify({
      sources: [
        { name: 'ltc-primary', kind: 'replay', file: 'ltc-primary.csv', symbol: 'LTCUSD', loop: false },
        { name: 'ltc-backup', kind: 'replay', file: 'ltc-backup.csv', symbol: 'LTCUSD' },
      ],
      instruments: { LTCUSD: { sources: [{ source: 'ltc-primary', symbol: 'LTCUSD' }, { source: 'ltc-backup', symbol: 'LTCUSD' }], markup: { kind: 'points', value: 1 } } },
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
  await screenshots(page, 'admin-price-sources');

  // The primary's file ends: prices move to the backup at once, and the page shows it.
  await expect(card('ltc-primary').getByTestId('price-source-status')).toHaveText('Ended', { timeout: 30_000 });
  const switches = page.getByTestId('price-source-switches');
  await expect(switches).toContainText('LTCUSD');
  await expect(switches).toContainText('ltc-primary → ltc-backup');
  await expect(switches).toContainText('Disconnected');
  await expect(card('ltc-backup')).toContainText(/Instruments\s*1/);
  await expect(card('ltc-primary')).toContainText(/Failovers\s*1/);
  await screenshots(page, 'admin-price-sources-failover');
});

import { expect, type Locator, type Page } from '@playwright/test';
import { apiCall, expectAccessible, newCustomer, openRoom, screenshots, test } from './helpers';

type LayoutChart = { linked: boolean; asset_id: number | null; intervals: Record<string, string>; compare_asset_id: number | null };
type Layout = { count: number; active: number; charts: LayoutChart[] };
type Asset = { asset_id: number; symbol_display: string };

const chart = (scope: Page | Locator) => scope.getByTestId('price-chart');
const slots = (page: Page) => page.getByTestId('chart-slot');
const PERCENT = /^[+−]?\d+\.\d{2}%$/;

/** Pixels of the chart's canvases painted in the theme's colour `variable` (e.g. --color-up). */
async function pixelsOf(page: Page, variables: string[]): Promise<number> {
  return chart(page).evaluate((el, names) => {
    const colours = names.map((name) => {
      const hex = getComputedStyle(document.documentElement).getPropertyValue(name).trim().slice(1);
      return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    });
    let count = 0;
    for (const canvas of el.querySelectorAll('canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        if (colours.some(([r, g, b]) => Math.abs(data[i]! - r!) < 12 && Math.abs(data[i + 1]! - g!) < 12 && Math.abs(data[i + 2]! - b!) < 12)) count++;
      }
    }
    return count;
  }, variables);
}

const candlePixels = (page: Page) => pixelsOf(page, ['--color-up', '--color-down']);

async function style(baseURL: string, token: string) {
  return (await apiCall<{ data: { chart_style?: { type: string; log_scale: boolean } } }>(baseURL, 'GET', '/user/preferences', { token })).data.chart_style;
}

async function keptLayout(baseURL: string, token: string): Promise<Layout> {
  return (await apiCall<{ data: { layout: Layout } }>(baseURL, 'GET', '/chart-layout', { token })).data.layout;
}

test('switches the chart type and the logarithmic scale from the keyboard, compares another instrument in percent and removes it; kept after a reload', async ({ page, baseURL }) => {
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const user = await newCustomer(baseURL!);
  const { token } = await openRoom(page, user);
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0');
  await expect(chart(page)).toHaveAttribute('data-chart-type', 'candles');
  await expect.poll(() => candlePixels(page)).toBeGreaterThan(200);

  // The menu opens from the chart's header with the keyboard; the arrow keys move through it.
  const trigger = page.getByRole('button', { name: 'Chart type: Candles' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: 'Candles' })).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page, 'chart-style-menu');
  // Candles → Bars → Line.
  await expect(menu.getByRole('menuitemradio', { name: 'Candles' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio', { name: 'Line' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(chart(page)).toHaveAttribute('data-chart-type', 'line');
  // A line in the brand colour instead of green and red bodies.
  await expect.poll(() => pixelsOf(page, ['--color-brand'])).toBeGreaterThan(200);
  await expect.poll(() => candlePixels(page)).toBeLessThan(200);
  await expect.poll(() => style(baseURL!, token)).toEqual({ type: 'line', log_scale: false });

  // Heikin-Ashi bars, and the logarithmic scale.
  await page.getByRole('button', { name: 'Chart type: Line' }).click();
  await page.getByRole('menuitemradio', { name: 'Heikin-Ashi' }).click();
  await expect(chart(page)).toHaveAttribute('data-chart-type', 'heikin-ashi');
  await expect.poll(() => candlePixels(page)).toBeGreaterThan(200);
  await page.getByRole('button', { name: 'Chart type: Heikin-Ashi' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Logarithmic scale' }).click();
  await expect(chart(page)).toHaveAttribute('data-log-scale', 'true');
  await expect.poll(() => style(baseURL!, token)).toEqual({ type: 'heikin-ashi', log_scale: true });

  // Another instrument overlaid in percent, picked from a searchable list.
  await page.getByRole('button', { name: 'Chart type: Heikin-Ashi' }).click();
  await page.getByRole('menuitem', { name: 'Compare with…' }).click();
  const picker = page.getByRole('dialog', { name: 'Compare BTC/USD with' });
  const search = picker.getByRole('combobox', { name: 'Search instruments' });
  await expect(search).toBeFocused();
  await expect(picker.getByRole('option', { name: /^BTC\/USD/ })).toHaveCount(0);
  await expectAccessible(page, 'instrument-picker');
  await search.fill('ethereum');
  await expect(picker.getByRole('option').first()).toContainText('ETH/USD');
  await search.press('Enter');
  await expect(picker).toBeHidden();
  await expect(chart(page)).toHaveAttribute('data-compare', 'ETH/USD');
  await expect(chart(page)).not.toHaveAttribute('data-compare-points', '0');
  const comparison = page.getByTestId('comparison');
  await expect(comparison.getByTestId('comparison-change')).toHaveText(PERCENT);
  await expect(comparison.getByTestId('own-change')).toHaveText(new RegExp(`^BTC/USD ${PERCENT.source.slice(1)}`));
  // The compared line in its own colour.
  await expect.poll(() => chart(page).evaluate((el) => el.querySelectorAll('canvas').length)).toBeGreaterThan(0);
  await expect.poll(async () => (await keptLayout(baseURL!, token)).charts[0]!.compare_asset_id).not.toBeNull();
  await screenshots(page, 'chart-compare');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(comparison.getByTestId('comparison-change')).toHaveText(PERCENT);
  await screenshots(page, 'chart-compare-light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();

  // Kept on the server: a reload draws the same way, the comparison included.
  await page.reload();
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0', { timeout: 40_000 });
  await expect(chart(page)).toHaveAttribute('data-chart-type', 'heikin-ashi');
  await expect(chart(page)).toHaveAttribute('data-log-scale', 'true');
  await expect(chart(page)).toHaveAttribute('data-compare', 'ETH/USD');

  // Removed from its chip; back to candles on a linear scale.
  await comparison.getByRole('button', { name: 'Remove comparison with ETH/USD' }).click();
  await expect(comparison).toHaveCount(0);
  await expect(chart(page)).toHaveAttribute('data-compare', '');
  await expect.poll(async () => (await keptLayout(baseURL!, token)).charts[0]!.compare_asset_id).toBeNull();
  await page.getByRole('button', { name: 'Chart type: Heikin-Ashi' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Logarithmic scale' }).press('Space');
  await expect(chart(page)).toHaveAttribute('data-log-scale', 'false');
  await page.getByRole('button', { name: 'Chart type: Heikin-Ashi' }).click();
  await page.getByRole('menuitemradio', { name: 'Candles' }).click();
  await expect(chart(page)).toHaveAttribute('data-chart-type', 'candles');
  await expect.poll(() => style(baseURL!, token)).toEqual({ type: 'candles', log_scale: false });
  expect(errors).toEqual([]);
});

/** Opens the four-chart layout from the first chart's header; the symbols of the four, once each draws its bars. */
async function openFour(page: Page, check = false): Promise<string[]> {
  await page.getByRole('button', { name: 'Chart layout: One chart' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'One chart' })).toHaveAttribute('aria-checked', 'true');
  if (check) await expectAccessible(page, 'chart-layout-menu');
  await page.getByRole('menuitemradio', { name: 'Four charts' }).click();
  await expect(slots(page)).toHaveCount(4);
  for (let i = 0; i < 4; i++) await expect(chart(slots(page).nth(i))).not.toHaveAttribute('data-bars', '0');
  return slots(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-symbol') ?? ''));
}

test('a four-chart layout of different instruments is kept across a reload; a phone shows the active chart alone', async ({ page, baseURL }) => {
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const user = await newCustomer(baseURL!);
  const { token } = await openRoom(page, user);
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0');

  const opened = await openFour(page, true);
  expect(new Set(opened).size).toBe(4);
  expect(opened[0]).toBe('BTC/USD');
  // The first follows the selected pair; the new ones keep their own instrument.
  await expect(slots(page).nth(0)).toHaveAttribute('data-linked', 'true');
  await expect(slots(page).nth(1)).toHaveAttribute('data-linked', 'false');

  // The fourth chart on another instrument, from its searchable list.
  const assets = (await apiCall<{ data: Asset[] }>(baseURL!, 'GET', '/assets', { token })).data;
  const other = assets.find((a) => !opened.includes(a.symbol_display))!;
  await slots(page).nth(3).getByRole('button', { name: /^Instrument: / }).click();
  const picker = page.getByRole('dialog', { name: 'Instrument of chart 4' });
  await picker.getByRole('combobox', { name: 'Search instruments' }).fill(other.symbol_display);
  await picker.getByRole('option', { name: new RegExp(`^${other.symbol_display.replace(/[/.]/g, '\\$&')}`) }).first().click();
  await expect(slots(page).nth(3)).toHaveAttribute('data-symbol', other.symbol_display);
  // The third chart on another interval.
  await slots(page).nth(2).getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1h', exact: true }).click();
  await expect(chart(slots(page).nth(2))).toHaveAttribute('data-interval', '1h');

  // The second chart takes the ticket: its instrument becomes the selected pair.
  await slots(page).nth(1).getByRole('group', { name: 'Interval' }).getByRole('button', { name: '5m', exact: true }).click();
  await expect(slots(page).nth(1)).toHaveAttribute('data-active', 'true');
  await expect(slots(page).nth(0)).toHaveAttribute('data-active', 'false');
  await expect(page.getByRole('tablist', { name: 'Open pairs' }).getByRole('tab', { selected: true })).toContainText(opened[1]!);
  // The linked chart goes on showing what it showed.
  await expect(slots(page).nth(0)).toHaveAttribute('data-symbol', 'BTC/USD');
  const shown = await slots(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-symbol')));
  expect(new Set(shown).size).toBe(4);
  await expect.poll(async () => {
    const kept = await keptLayout(baseURL!, token);
    return [kept.count, kept.active, kept.charts[3]!.asset_id, kept.charts[2]!.intervals];
  }).toEqual([4, 1, other.asset_id, { [String(assets.find((a) => a.symbol_display === opened[2])!.asset_id)]: '1h' }]);
  await screenshots(page, 'chart-layout-four');

  // A reload opens the same four charts.
  await page.reload();
  await expect(slots(page)).toHaveCount(4, { timeout: 40_000 });
  await expect.poll(() => slots(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-symbol')))).toEqual(shown);
  await expect(chart(slots(page).nth(2))).toHaveAttribute('data-interval', '1h');
  await expect(chart(slots(page).nth(1))).toHaveAttribute('data-interval', '5m');
  await expect(slots(page).nth(1)).toHaveAttribute('data-active', 'true');

  // A phone shows the chart the ticket trades, alone; the layout stays as it was.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(slots(page)).toHaveCount(1);
  await expect(slots(page).first()).toHaveAttribute('data-symbol', opened[1]!);
  await expect(page.getByRole('button', { name: /^Chart layout/ })).toHaveCount(0);
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0');
  await expectAccessible(page, 'chart-layout-phone');
  if (!process.env.CI || process.env.SCREENSHOTS === '1') {
    await page.screenshot({ path: 'screenshots/chart-layout-phone-375.png' });
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.screenshot({ path: 'screenshots/chart-layout-phone-light-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(slots(page)).toHaveCount(4);
    await page.screenshot({ path: 'screenshots/chart-layout-four-light-1280.png' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(slots(page)).toHaveCount(4);
  expect((await keptLayout(baseURL!, token)).count).toBe(4);
  expect(errors).toEqual([]);
});

test('a four-chart layout made in one browser opens in another', async ({ page, baseURL, browser }) => {
  test.slow();
  const user = await newCustomer(baseURL!);
  const { token } = await openRoom(page, user);
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0');
  const opened = await openFour(page);
  await slots(page).nth(2).getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1h', exact: true }).click();
  await expect(slots(page).nth(2)).toHaveAttribute('data-active', 'true');
  await expect.poll(async () => {
    const kept = await keptLayout(baseURL!, token);
    return [kept.count, kept.active, Object.values(kept.charts[2]!.intervals)];
  }).toEqual([4, 2, ['1h']]);
  // This page's four live charts rest while the other browser opens.
  await page.goto('about:blank');

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const device = await context.newPage();
  // The approval notice was read on the first device already.
  await openRoom(device, user, { keepNotice: true });
  await expect(slots(device)).toHaveCount(4, { timeout: 40_000 });
  await expect.poll(() => slots(device).evaluateAll((els) => els.map((el) => el.getAttribute('data-symbol')))).toEqual(opened);
  await expect(chart(slots(device).nth(2))).toHaveAttribute('data-interval', '1h');
  await expect(slots(device).nth(2)).toHaveAttribute('data-active', 'true');
  // The ticket trades the active chart's instrument there too.
  await expect(device.getByRole('tablist', { name: 'Open pairs' }).getByRole('tab', { selected: true })).toContainText(opened[2]!);
  await context.close();
});

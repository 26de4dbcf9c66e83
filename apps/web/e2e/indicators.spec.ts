import { expect, type Page } from '@playwright/test';
import { apiCall, newCustomer, openRoom, screenshots, test } from './helpers';

type Indicator = { id: string; kind: string; color: string; params: Record<string, number> };

const chart = (page: Page) => page.getByTestId('price-chart');
const chips = (page: Page) => page.getByTestId('indicator-chip');
/** The canvases the chart draws on: each pane brings its own. */
const canvases = (page: Page) => chart(page).evaluate((el) => el.querySelectorAll('canvas').length);

async function openList(page: Page) {
  await page.getByRole('button', { name: 'Indicators', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Indicators' });
  await expect(dialog.getByRole('combobox', { name: 'Search indicators' })).toBeFocused();
  return dialog;
}

/** Whether every line of an indicator is drawn: the colour of its chip shows in the chart's canvases. */
async function painted(page: Page, color: string): Promise<boolean> {
  return chart(page).evaluate((el, hex) => {
    const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    for (const canvas of el.querySelectorAll('canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i]! - want[0]!) < 8 && Math.abs(data[i + 1]! - want[1]!) < 8 && Math.abs(data[i + 2]! - want[2]!) < 8) return true;
      }
    }
    return false;
  }, color);
}

test('adds indicators from the searchable list, edits one, finds them after a reload and removes one', async ({ page, baseURL }) => {
  test.slow();
  const user = await newCustomer(baseURL!);
  const { token } = await openRoom(page, user);
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0');
  await expect(chart(page)).toHaveAttribute('data-panes', '1');
  const alone = await canvases(page);

  // Typing filters the list; Enter adds the one highlighted.
  let list = await openList(page);
  const search = list.getByRole('combobox', { name: 'Search indicators' });
  await search.fill('exponential');
  await expect(list.getByRole('option')).toHaveText(['EMAExponential moving average']);
  await search.press('Enter');
  await expect(list).toBeHidden();
  await expect(chips(page)).toHaveCount(1);
  await expect(chips(page).first()).toContainText('EMA 20');

  // The arrow keys move through the matches: "index" lists RSI, ADX and CCI.
  list = await openList(page);
  await list.getByRole('combobox').fill('index');
  await expect(list.getByRole('option')).toHaveCount(3);
  await expect(list.getByRole('option', { selected: true })).toContainText('RSI');
  await list.getByRole('combobox').press('ArrowDown');
  await expect(list.getByRole('option', { selected: true })).toContainText('ADX');
  await list.getByRole('combobox').press('ArrowUp');
  await expect(list.getByRole('option', { selected: true })).toContainText('RSI');
  await screenshots(page, 'chart-indicator-list');
  const saved = page.waitForResponse((r) => r.url().endsWith('/user/preferences') && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes('"rsi"'));
  await list.getByRole('combobox').press('Enter');
  await saved;

  // RSI in a pane of its own under the price: a second pane, with canvases of its own, its chip at its top.
  await expect(chips(page)).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Indicators on the price' }).getByTestId('indicator-chip')).toHaveText(/EMA 20/);
  await expect(page.getByRole('list', { name: 'Indicator pane' }).getByTestId('indicator-chip')).toHaveText(/RSI 14/);
  await expect(chart(page)).toHaveAttribute('data-panes', '2');
  await expect(chart(page)).toHaveAttribute('data-indicators', '2');
  expect(await canvases(page)).toBeGreaterThan(alone);
  const paneChip = await page.getByRole('list', { name: 'Indicator pane' }).boundingBox();
  const priceChip = await page.getByRole('list', { name: 'Indicators on the price' }).boundingBox();
  expect(paneChip!.y).toBeGreaterThan(priceChip!.y + 100);
  await expect.poll(() => painted(page, '#60a5fa'), { message: 'the EMA is drawn in blue' }).toBe(true);
  await screenshots(page, 'chart-indicators');

  // Editing: a period out of range is refused with a message; a good one replaces the chip's.
  await page.getByRole('button', { name: 'Edit EMA 20' }).click();
  const editor = page.getByRole('dialog', { name: 'EMA 20' });
  await editor.getByLabel('Period (bars)').fill('0');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('alert')).toHaveText('Enter a whole number from 1 to 500.');
  await editor.getByLabel('Period (bars)').fill('50');
  // The colours are swatches: the one clicked is the radio button checked.
  await editor.getByTitle('Orange').click();
  await expect(editor.getByRole('radio', { name: 'Orange' })).toBeChecked();
  await screenshots(page, 'chart-indicator-edit');
  const edited = page.waitForResponse((r) => r.url().endsWith('/user/preferences') && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes('"period":50'));
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(chips(page).first()).toContainText('EMA 50');
  await edited;
  await expect.poll(() => painted(page, '#fb923c'), { message: 'the EMA is drawn in orange' }).toBe(true);

  // Another interval: the same indicators, computed from its bars.
  await page.getByRole('group', { name: 'Interval' }).getByRole('button', { name: '5m', exact: true }).click();
  await expect(chart(page)).toHaveAttribute('data-interval', '5m');
  await expect(chips(page)).toHaveText([/EMA 50/, /RSI 14/]);
  await expect.poll(() => painted(page, '#fb923c')).toBe(true);
  await page.getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1m', exact: true }).click();

  // Kept on the server: a reload draws the same indicators.
  await page.reload();
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0', { timeout: 20_000 });
  await expect(chips(page)).toHaveText([/EMA 50/, /RSI 14/]);
  await expect(chart(page)).toHaveAttribute('data-panes', '2');

  // The light theme draws each colour in its darker shade, which reads on the light background.
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => painted(page, '#c2410c'), { message: 'the EMA is drawn in the light theme’s orange' }).toBe(true);
  await screenshots(page, 'chart-indicators-light');

  // Removing RSI takes its pane away.
  const removed = page.waitForResponse((r) => r.url().endsWith('/user/preferences') && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes('"indicators"'));
  await page.getByRole('button', { name: 'Remove RSI 14' }).click();
  await expect(chips(page)).toHaveText([/EMA 50/]);
  await expect(chart(page)).toHaveAttribute('data-panes', '1');
  await removed;
  const prefs = await apiCall<{ data: { indicators: Record<string, Indicator[]> } }>(baseURL!, 'GET', '/user/preferences', { token });
  const kept = Object.values(prefs.data.indicators);
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatchObject([{ kind: 'ema', color: 'orange', params: { period: 50 } }]);
});

test('draws every kind of indicator, volume where the candles carry it, and stops at ten per instrument', async ({ page, baseURL }) => {
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const user = await newCustomer(baseURL!);
  const { token } = await openRoom(page, user);
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0');

  // The simulated feed trades volume: Volume is offered, and added by a click.
  const list = await openList(page);
  await list.getByRole('combobox').fill('volume');
  await expect(list.getByRole('option')).toHaveCount(2);
  await list.getByRole('option', { name: /^Volume$/ }).click();
  await expect(chips(page)).toHaveText([/Volume/]);

  // Ten at once, every kind but those the first spec adds and two added below, set where the room keeps them.
  await expect.poll(async () => Object.keys((await apiCall<{ data: { indicators?: object } }>(baseURL!, 'GET', '/user/preferences', { token })).data.indicators ?? {})).toHaveLength(1);
  const symbol = Object.keys((await apiCall<{ data: { indicators: object } }>(baseURL!, 'GET', '/user/preferences', { token })).data.indicators)[0]!;
  const ten: Indicator[] = [
    { id: 'sma', kind: 'sma', color: 'teal', params: { period: 50 } },
    { id: 'wma', kind: 'wma', color: 'pink', params: { period: 10 } },
    { id: 'bb', kind: 'bollinger', color: 'purple', params: { period: 20, deviations: 2.5 } },
    { id: 'vwap', kind: 'vwap', color: 'yellow', params: {} },
    { id: 'ichi', kind: 'ichimoku', color: 'blue', params: { conversion: 9, base: 26, span: 52, displacement: 26 } },
    { id: 'sar', kind: 'psar', color: 'red', params: { step: 0.02, max: 0.2 } },
    { id: 'vol', kind: 'volume', color: 'blue', params: {} },
    { id: 'macd', kind: 'macd', color: 'blue', params: { fast: 12, slow: 26, signal: 9 } },
    { id: 'stoch', kind: 'stochastic', color: 'green', params: { period: 14, signal: 3 } },
    { id: 'atr', kind: 'atr', color: 'orange', params: { period: 14 } },
  ];
  await apiCall(baseURL!, 'PUT', '/user/preferences', { token, body: { indicators: { [symbol]: ten } } });
  await page.reload();
  await expect(chips(page)).toHaveCount(10, { timeout: 20_000 });
  await expect(chart(page)).toHaveAttribute('data-panes', '4');
  await expect(chips(page).filter({ hasText: 'BB 20 2.5' })).toHaveCount(1);
  await expect(chips(page).filter({ hasText: 'Ichimoku 9 26 52 26' })).toHaveCount(1);
  await expect(chips(page).filter({ hasText: 'SAR 0.02 0.2' })).toHaveCount(1);

  // Seven over the price: their legend folds away to show the candles, and back.
  await page.getByRole('button', { name: 'Hide the indicators on the price' }).click();
  await expect(chips(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Show the indicators on the price' }).click();
  await expect(chips(page)).toHaveCount(10);

  // The eleventh is refused before it is tried.
  const full = await openList(page);
  await expect(full.getByRole('status')).toHaveText('Up to 10 indicators per instrument. Remove one to add another.');
  await expect(full.getByRole('option', { name: /ADX/ })).toHaveAttribute('aria-disabled', 'true');
  await full.getByRole('combobox').fill('adx');
  await full.getByRole('combobox').press('Enter');
  await expect(full).toBeVisible();
  await page.keyboard.press('Escape');
  await screenshots(page, 'chart-indicators-many');

  // One removed, ADX and then CCI take its place.
  await page.getByRole('button', { name: 'Remove ATR 14' }).click();
  for (const [query, chip] of [['directional', 'ADX 14'], ['commodity', 'CCI 20']] as const) {
    const list = await openList(page);
    await list.getByRole('combobox').fill(query);
    await list.getByRole('combobox').press('Enter');
    await expect(chips(page).filter({ hasText: chip })).toHaveCount(1);
    if (chip === 'ADX 14') await page.getByRole('button', { name: 'Remove ADX 14' }).click();
  }
  await expect(chips(page)).toHaveCount(10);
  await expect(chart(page)).toHaveAttribute('data-panes', '4');
  expect(errors).toEqual([]);
});

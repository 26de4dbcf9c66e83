import { expect, type Page, type Response } from '@playwright/test';
import { apiCall, newCustomer, openRoom, screenshots, test } from './helpers';

type Drawing = { id: string; kind: string; color: string; points: { time: number; price: number }[]; text?: string };

const chart = (page: Page) => page.getByTestId('price-chart');
const drawings = (page: Page) => page.getByTestId('drawings');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Drawing tools' });
/** The dark theme's shades of the drawings' colours: trend lines blue, horizontal lines orange. */
const BLUE = '#60a5fa';
const ORANGE = '#fb923c';

/** A save of the drawings (PUT /chart-drawings/:assetId) whose list has `count` drawings. */
function saveOf(page: Page, count: number, timeout?: number): Promise<Response> {
  return page.waitForResponse(
    (r) => /\/chart-drawings\/\d+$/.test(r.url()) && r.request().method() === 'PUT' && (JSON.parse(r.request().postData() ?? '{}') as { drawings?: unknown[] }).drawings?.length === count,
    { timeout },
  );
}

/**
 * The rows, top to bottom, where column `x` of the price pane shows `hex`: where a drawing crosses
 * it, read from the canvases the chart paints (the candles are green and red).
 */
async function rowsOf(page: Page, hex: string, x: number): Promise<number[]> {
  return chart(page).evaluate(
    (el, { hex, x }) => {
      const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      const rows = new Set<number>();
      for (const canvas of el.querySelectorAll('canvas')) {
        const ctx = canvas.getContext('2d');
        const box = canvas.getBoundingClientRect();
        const top = box.top - el.getBoundingClientRect().top;
        if (!ctx || canvas.width === 0 || x < 0 || x >= box.width) continue;
        const scale = canvas.width / box.width;
        const { data } = ctx.getImageData(Math.round(x * scale), 0, 1, canvas.height);
        for (let i = 0; i < data.length; i += 4) {
          if (Math.abs(data[i]! - want[0]!) < 12 && Math.abs(data[i + 1]! - want[1]!) < 12 && Math.abs(data[i + 2]! - want[2]!) < 12) rows.add(Math.round(top + i / 4 / scale));
        }
      }
      return [...rows].sort((a, b) => a - b);
    },
    { hex, x },
  );
}

/** The middle row where column `x` shows `hex`, once it does. */
async function rowOf(page: Page, hex: string, x: number): Promise<number> {
  let rows: number[] = [];
  await expect.poll(async () => (rows = await rowsOf(page, hex, x)).length, { message: `${hex} is drawn at x = ${x}` }).toBeGreaterThan(0);
  return rows[Math.floor(rows.length / 2)]!;
}

/** Where the chart is on the page now: the header's rows above it (the toolbar among them) move it. */
async function chartBox(page: Page) {
  return (await chart(page).boundingBox())!;
}

async function kept(baseURL: string, token: string, assetId: number): Promise<Drawing[]> {
  return (await apiCall<{ data: { drawings: Drawing[] } }>(baseURL, 'GET', `/chart-drawings/${assetId}`, { token })).data.drawings;
}

test('draws a trend line and a horizontal line, finds them after a reload and on another device, moves one, deletes one and undoes it', async ({ page, baseURL, browser }) => {
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const user = await newCustomer(baseURL!);
  const { token } = await openRoom(page, user);
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0');

  // The toolbar opens from the chart's header; the keyboard moves through it with the arrow keys.
  await page.getByRole('button', { name: 'Drawing tools' }).click();
  await expect(toolbar(page)).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: 'Select and move' })).toHaveAttribute('aria-pressed', 'true');
  await toolbar(page).getByRole('button', { name: 'Select and move' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar(page).getByRole('button', { name: 'Trend line' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar(page).getByRole('button', { name: 'Redo' })).toBeDisabled();

  // A trend line, dragged from one point to the other, then picked by the keyboard's Enter.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(toolbar(page).getByRole('button', { name: 'Trend line' })).toHaveAttribute('aria-pressed', 'true');
  let box = await chartBox(page);
  const at = (x: number, y: number) => ({ x: box.x + x, y: box.y + y });
  const from = at(150, 220);
  const to = at(450, 80);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(drawings(page)).toHaveAttribute('data-count', '1');
  // Drawn, the tool goes back to selecting.
  await expect(toolbar(page).getByRole('button', { name: 'Select and move' })).toHaveAttribute('aria-pressed', 'true');

  // A horizontal line, by one click, near the middle of the price pane: the scale fits the bars in
  // view, and a level near its edge leaves the pane as live bars push the old ones out on the left.
  const bothSaved = saveOf(page, 2);
  await toolbar(page).getByRole('button', { name: 'Horizontal line' }).click();
  const level = at(80, 175);
  await page.mouse.click(level.x, level.y);
  await expect(drawings(page)).toHaveAttribute('data-kinds', 'trend horizontal');
  const assetId = Number((await bothSaved).url().split('/').at(-1));
  const first = await kept(baseURL!, token, assetId);
  expect(first.map((d) => d.kind)).toEqual(['trend', 'horizontal']);
  expect(first[0]!.points[0]!.time).toBeLessThan(first[0]!.points[1]!.time);
  expect(first[0]!.points[0]!.price).toBeLessThan(first[0]!.points[1]!.price);
  await rowOf(page, BLUE, 300);
  await rowOf(page, ORANGE, 40);
  await screenshots(page, 'chart-drawings');

  // Kept on the server: a reload shows both, without opening the toolbar.
  await page.reload();
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0', { timeout: 20_000 });
  await expect(drawings(page)).toHaveAttribute('data-kinds', 'trend horizontal');
  await expect(toolbar(page)).toHaveCount(0);
  await rowOf(page, BLUE, 300);
  await rowOf(page, ORANGE, 40);

  // Another browser signed in as the same customer shows them too.
  const device = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const other = await device.newPage();
  // The approval notice was read on the first device already.
  await openRoom(other, user, { keepNotice: true });
  await expect(drawings(other)).toHaveAttribute('data-kinds', 'trend horizontal');
  await rowOf(other, BLUE, 300);
  await rowOf(other, ORANGE, 40);
  await device.close();

  // Moving the horizontal line: picked where it is drawn, dragged 50 pixels up, to a higher price.
  await page.getByRole('button', { name: 'Drawing tools' }).click();
  await expect(toolbar(page)).toBeVisible();
  // The price scale follows live prices, so the line can move between finding it and pressing on
  // it; a press that missed it pans the chart instead, and is tried again where the line is then.
  let y = 0;
  for (let attempt = 1; ; attempt++) {
    box = await chartBox(page);
    y = await rowOf(page, ORANGE, 40);
    const moved = saveOf(page, 2, 10_000).then(
      () => true,
      () => false,
    );
    await page.mouse.move(box.x + 40, box.y + y);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + y - 50, { steps: 6 });
    await page.mouse.up();
    if (await moved) break;
    expect(attempt, 'the horizontal line is moved within three tries').toBeLessThan(3);
  }
  const afterMove = await kept(baseURL!, token, assetId);
  expect(afterMove[1]!.points[0]!.price).toBeGreaterThan(first[1]!.points[0]!.price);
  expect(afterMove[0]).toEqual(first[0]);
  await expect.poll(async () => y - (await rowOf(page, ORANGE, 40))).toBeGreaterThan(40);

  // Deleting the trend line: picked by a click on it, then the Delete key.
  box = await chartBox(page);
  const trendY = await rowOf(page, BLUE, 300);
  await page.mouse.click(box.x + 300, box.y + trendY);
  await expect(drawings(page)).toHaveAttribute('data-selected', first[0]!.id);
  await expect(toolbar(page).getByRole('button', { name: 'Delete drawing' })).toBeEnabled();
  const deleted = saveOf(page, 1);
  await page.keyboard.press('Delete');
  await expect(drawings(page)).toHaveAttribute('data-kinds', 'horizontal');
  await deleted;
  await expect.poll(async () => (await rowsOf(page, BLUE, 300)).length).toBe(0);
  expect((await kept(baseURL!, token, assetId)).map((d) => d.kind)).toEqual(['horizontal']);

  // Undo brings it back, on the server too; redo and undo again from the toolbar's buttons.
  const undone = saveOf(page, 2);
  await page.keyboard.press('Control+z');
  await expect(drawings(page)).toHaveAttribute('data-kinds', 'trend horizontal');
  await undone;
  await rowOf(page, BLUE, 300);
  expect(await kept(baseURL!, token, assetId)).toEqual(afterMove);
  await toolbar(page).getByRole('button', { name: 'Redo' }).click();
  await expect(drawings(page)).toHaveAttribute('data-kinds', 'horizontal');
  await toolbar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(drawings(page)).toHaveAttribute('data-kinds', 'trend horizontal');
  await page.keyboard.press('Control+Shift+Z');
  await expect(drawings(page)).toHaveAttribute('data-kinds', 'horizontal');
  await page.keyboard.press('Control+y');
  await expect(drawings(page)).toHaveAttribute('data-kinds', 'horizontal');
  await page.keyboard.press('Control+z');
  await expect(drawings(page)).toHaveAttribute('data-kinds', 'trend horizontal');
  await expect.poll(async () => (await kept(baseURL!, token, assetId)).map((d) => d.kind)).toEqual(['trend', 'horizontal']);
  await screenshots(page, 'chart-drawings-edit');

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // The light theme's shade of orange.
  await rowOf(page, '#c2410c', 40);
  await screenshots(page, 'chart-drawings-light');
  expect(errors).toEqual([]);
});

test('draws every other kind, writes a note, and says so when a save is refused', async ({ page, baseURL }) => {
  test.slow();
  const user = await newCustomer(baseURL!);
  const { token } = await openRoom(page, user);
  await expect(chart(page)).not.toHaveAttribute('data-bars', '0');
  await page.getByRole('button', { name: 'Drawing tools' }).click();
  await expect(toolbar(page)).toBeVisible();
  let box = await chartBox(page);
  const drag = async (tool: string, x1: number, y1: number, x2: number, y2: number) => {
    await toolbar(page).getByRole('button', { name: tool }).click();
    await page.mouse.move(box.x + x1, box.y + y1);
    await page.mouse.down();
    await page.mouse.move(box.x + x2, box.y + y2, { steps: 5 });
    await page.mouse.up();
  };

  await drag('Ray', 100, 230, 200, 190);
  await drag('Rectangle', 250, 100, 400, 180);
  await drag('Fibonacci retracement', 450, 230, 600, 60);
  await toolbar(page).getByRole('button', { name: 'Vertical line' }).click();
  await page.mouse.click(box.x + 500, box.y + 200);
  // A trend line made click by click: the second click ends it.
  await toolbar(page).getByRole('button', { name: 'Trend line' }).click();
  await page.mouse.click(box.x + 120, box.y + 100);
  await page.mouse.move(box.x + 180, box.y + 60, { steps: 3 });
  await page.mouse.click(box.x + 220, box.y + 40);
  await expect(drawings(page)).toHaveAttribute('data-kinds', 'ray rectangle fibonacci vertical trend');

  // A note: its words are asked for, then it is drawn where the click was.
  await toolbar(page).getByRole('button', { name: 'Text note' }).click();
  await page.mouse.click(box.x + 150, box.y + 200);
  const dialog = page.getByRole('dialog', { name: 'Text note' });
  await expect(dialog.getByLabel('Note')).toBeFocused();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Write a note of 1 to 200 characters.')).toBeVisible();
  const saved = saveOf(page, 6);
  await dialog.getByLabel('Note').fill('Resistance <b>held</b> twice');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const assetId = Number((await saved).url().split('/').at(-1));
  const list = await kept(baseURL!, token, assetId);
  expect(list.map((d) => d.kind)).toEqual(['ray', 'rectangle', 'fibonacci', 'vertical', 'trend', 'text']);
  expect(list.at(-1)!.text).toBe('Resistance <b>held</b> twice');
  // The note is selected: the toolbar rewrites it.
  await toolbar(page).getByRole('button', { name: 'Edit note' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit note' });
  await expect(edit.getByLabel('Note')).toHaveValue('Resistance <b>held</b> twice');
  await edit.getByLabel('Note').fill('Resistance held twice');
  const rewritten = page.waitForResponse((r) => /\/chart-drawings\/\d+$/.test(r.url()) && (r.request().postData() ?? '').includes('"Resistance held twice"'));
  await edit.getByRole('button', { name: 'Save' }).click();
  await rewritten;
  await screenshots(page, 'chart-drawings-kinds');

  // A save the server refuses is said in a toast, and the drawings stay on screen: here the 101st
  // drawing, on an instrument another device filled to the limit.
  const full = Array.from({ length: 100 }, (_, i) => ({ id: `l${i}`, kind: 'horizontal', color: 'orange', points: [{ time: list[0]!.points[0]!.time, price: list[0]!.points[0]!.price * (1 + i / 1000) }] }));
  await apiCall(baseURL!, 'PUT', `/chart-drawings/${assetId}`, { token, body: { drawings: full } });
  await page.reload();
  await expect(drawings(page)).toHaveAttribute('data-count', '100', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Drawing tools' }).click();
  await expect(toolbar(page)).toBeVisible();
  box = await chartBox(page);
  const refused = page.waitForResponse((r) => /\/chart-drawings\/\d+$/.test(r.url()) && r.request().method() === 'PUT' && r.status() === 422);
  await toolbar(page).getByRole('button', { name: 'Vertical line' }).click();
  await page.mouse.click(box.x + 300, box.y + 200);
  await refused;
  await expect(page.getByText('Up to 100 drawings per instrument. Delete one to draw another.')).toBeVisible();
  await expect(drawings(page)).toHaveAttribute('data-count', '101');
  // Undone, the list is one the server takes again.
  const back = saveOf(page, 100);
  await page.keyboard.press('Control+z');
  expect((await back).status()).toBe(200);
});

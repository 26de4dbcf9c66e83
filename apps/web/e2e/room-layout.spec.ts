import { expect, type Locator, type Page } from '@playwright/test';
import { adminToken, apiCall, newCustomer, openRoom, openSignedIn, screenshots, type Customer, test } from './helpers';

type Asset = { asset_id: number; symbol: string; buy_price: number };

/**
 * Opens a BTC/USD position for the customer through the API (the room is not what is tested there),
 * and with `pending` a limit order far under the price, which stays waiting.
 */
async function openPosition(baseURL: string, user: Customer, opts: { pending?: boolean } = {}) {
  const login = await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const token = login.data.token;
  const assets = await apiCall<{ data: Asset[] }>(baseURL, 'GET', '/assets', { token });
  const btc = assets.data.find((a) => a.symbol === 'BTCUSD')!;
  const order = { type: 'buy', id: btc.asset_id, volume: 0.01, opening_price: btc.buy_price };
  await apiCall(baseURL, 'POST', '/trades/store', { token, body: order });
  if (opts.pending) await apiCall(baseURL, 'POST', '/trades/store', { token, body: { ...order, order_type: 'limit', price: Math.round(btc.buy_price / 2) } });
}

/** Opens the room once its prices are live, the new customer's approval notice left showing. */
async function openWithNotice(page: Page, user: Customer) {
  await openRoom(page, user, { keepNotice: true });
  await expect(page.getByTestId('notification-banner')).toBeVisible();
}

/** Whether what the page shows at the centre of the element is the element itself (or inside it): nothing covers it. */
async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && el.contains(top);
  });
}

/** Whether the whole element lies within the window. */
async function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
  });
}

/** Whether every row the list has rendered is wholly in its box or wholly out of it: no row is cut. */
async function endsOnWholeRows(list: Locator): Promise<boolean> {
  return list.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const rows = [...(el.firstElementChild?.children ?? [])].map((row) => row.getBoundingClientRect());
    return rows.length > 0 && rows.every((r) => (r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5) || r.top >= box.bottom - 0.5 || r.bottom <= box.top + 0.5);
  });
}

for (const width of [375, 1280]) {
  test(`at ${width} px a notification banner leaves BUY and SELL uncovered and usable`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await openWithNotice(page, await newCustomer(baseURL!));
    for (const id of ['buy-button', 'sell-button']) {
      await expect(page.getByTestId(id)).toBeVisible();
      expect(await uncovered(page.getByTestId(id)), `${id} is covered`).toBe(true);
    }
    // The banner is still there to read and close.
    await expect(page.getByTestId('notification-banner')).toBeVisible();
    await page.getByTestId('sell-button').click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Sell order placed' })).toBeVisible();
    // The order's receipt, a toast, comes to rest below them too (on its way in it slides down past them).
    for (const id of ['buy-button', 'sell-button']) await expect.poll(() => uncovered(page.getByTestId(id)), { message: `${id} is covered by the toast` }).toBe(true);
    if (width === 375) await screenshots(page, 'trading-room-banner');
    await page.getByTestId('notification-banner').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('notification-banner')).toBeHidden();
  });
}

test('at 375 px the first-visit tour shows the order buttons uncovered beside a banner', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openWithNotice(page, await newCustomer(baseURL!, { tour: true }));
  const tour = page.getByTestId('onboarding-tour');
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByRole('heading', { name: 'Buy and sell' })).toBeVisible();
  // The tour's dimmed layer takes the clicks, so under it the banner must not sit over the buttons.
  const banner = await page.getByTestId('notification-banner').boundingBox();
  for (const id of ['buy-button', 'sell-button']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    const overlaps = banner !== null && box.y < banner.y + banner.height && banner.y < box.y + box.height;
    expect(overlaps, `${id} lies under the banner`).toBe(false);
  }
});

test('the tour keeps its window on the chart when a notification banner comes in under the top bar', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!, { tour: true });
  const login = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  for (const note of (await apiCall<{ data: { notifications: { id: number }[] } }>(baseURL!, 'GET', '/user', { token: login.data.token })).data.notifications) {
    await apiCall(baseURL!, 'POST', `/notifications/${note.id}/read`, { token: login.data.token, body: {} });
  }
  await openSignedIn(page, user, '/mt4');
  const tour = page.getByTestId('onboarding-tour');
  await tour.getByRole('button', { name: 'Next' }).click();
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByRole('heading', { name: 'The chart' })).toBeVisible();
  await expect(page.getByTestId('notification-banner')).toHaveCount(0);
  const chart = page.locator('[data-tour="chart"]');
  const before = (await chart.boundingBox())!;

  await apiCall(baseURL!, 'POST', '/admin/notifications', {
    token: await adminToken(baseURL!),
    body: { user_id: user.id, title: 'Deposit received', message: 'Your deposit of $500.00 has been credited.', color: 'success' },
  });
  await expect(page.getByTestId('notification-banner')).toBeVisible();
  const after = (await chart.boundingBox())!;
  expect(after.y).toBeGreaterThan(before.y);
  // The window is the chart's box with 6 px around it.
  await expect.poll(async () => Math.round((await page.getByTestId('tour-highlight').boundingBox())!.y)).toBe(Math.round(after.y - 6));
});

test('at 375 px every open position shows its close action, which closes it; history and pending orders show theirs', async ({ page, baseURL }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 812 });
  const user = await newCustomer(baseURL!);
  await openPosition(baseURL!, user, { pending: true });
  await openWithNotice(page, user);
  const drawer = page.getByTestId('positions-drawer');
  const close = drawer.getByTestId('close-position');
  await expect(close).toBeVisible();
  expect(await inViewport(close)).toBe(true);
  expect(await uncovered(close)).toBe(true);
  for (const action of [drawer.getByTestId('trade-details-button'), drawer.getByTestId('edit-targets')]) {
    expect(await inViewport(action)).toBe(true);
  }
  await screenshots(page, 'trading-room-positions');
  await close.click();
  await page.getByRole('dialog', { name: 'Close position' }).getByRole('button', { name: 'Yes' }).click();
  await expect(drawer.getByText('No active positions found')).toBeVisible();

  await drawer.getByRole('tab', { name: 'POSITIONS HISTORY' }).click();
  await expect(drawer.getByTestId('history-row')).toHaveCount(1);
  for (const action of [drawer.getByTestId('trade-details-button'), drawer.getByRole('button', { name: 'Export CSV' })]) {
    expect(await inViewport(action)).toBe(true);
  }
  await screenshots(page, 'trading-room-history');
  await drawer.getByTestId('trade-details-button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Active Orders' }).click();
  const orders = page.getByRole('complementary', { name: 'Active Orders' });
  const cancel = orders.getByTestId('cancel-order');
  await expect(cancel).toBeVisible();
  for (const action of [cancel, orders.getByTestId('edit-targets')]) {
    expect(await inViewport(action)).toBe(true);
    expect(await uncovered(action)).toBe(true);
  }
  await cancel.click();
  await expect(orders.getByText('No active orders found')).toBeVisible();
});

test('at 1280 px with a panel open market watch shows once, its list ends on whole rows and every position column and action is in view', async ({ page, baseURL }) => {
  // Four panels in turn and two sets of screenshots.
  test.slow();
  const user = await newCustomer(baseURL!);
  await openPosition(baseURL!, user);
  await openRoom(page, user, { path: '/mt4?panel=market-watch' });
  await expect(page.getByRole('complementary', { name: 'Market Watch' }).getByTestId('market-watch-row').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Market Watch' })).toHaveCount(1);

  const drawer = page.getByTestId('positions-drawer');
  await expect(drawer.getByTestId('position-row')).toHaveCount(1);
  // Every column in view, and none of them under the actions that stay at the table's end.
  const time = drawer.getByRole('columnheader', { name: 'Time' });
  expect(await inViewport(time)).toBe(true);
  const actionsLeft = (await drawer.getByRole('columnheader').last().boundingBox())!.x;
  const timeBox = (await time.boundingBox())!;
  expect(timeBox.x + timeBox.width).toBeLessThanOrEqual(actionsLeft + 0.5);
  for (const action of [drawer.getByTestId('close-position'), drawer.getByTestId('trade-details-button'), drawer.getByTestId('edit-targets')]) {
    expect(await inViewport(action)).toBe(true);
    expect(await uncovered(action)).toBe(true);
  }
  await screenshots(page, 'trading-room-panel-open');

  const panelList = page.getByRole('complementary', { name: 'Market Watch' }).getByTestId('market-watch-list');
  expect(await endsOnWholeRows(panelList)).toBe(true);

  // Every panel beside the chart: the positions' actions stay in view and nothing shows twice.
  for (const panel of ['Active Orders', 'Trading History', 'Calendar']) {
    await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: panel }).click();
    await expect(page.getByRole('complementary', { name: panel })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Market Watch' })).toHaveCount(1);
    expect(await inViewport(drawer.getByTestId('close-position'))).toBe(true);
    expect(await uncovered(drawer.getByTestId('close-position'))).toBe(true);
  }

  // The sidebar's list ends on a whole row, and still does once scrolled (it comes to rest on a row's edge).
  const sidebarList = page.getByRole('complementary', { name: 'Sidebar' }).getByTestId('market-watch-list');
  await expect(sidebarList.getByTestId('market-watch-row').first()).toBeVisible();
  expect(await endsOnWholeRows(sidebarList)).toBe(true);
  await sidebarList.hover();
  await page.mouse.wheel(0, 150);
  await expect.poll(() => sidebarList.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await expect.poll(() => endsOnWholeRows(sidebarList)).toBe(true);
  await screenshots(page, 'trading-room-panel-sidebar');
});

test('in Arabic at 375 px the mirrored room keeps the order buttons uncovered and a position\'s actions in view', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const user = await newCustomer(baseURL!);
  await openPosition(baseURL!, user);
  const login = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  await apiCall(baseURL!, 'PUT', '/user/preferences', { token: login.data.token, body: { language: 'ar' } });
  await openWithNotice(page, user);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const id of ['buy-button', 'sell-button']) expect(await uncovered(page.getByTestId(id)), `${id} is covered`).toBe(true);
  const drawer = page.getByTestId('positions-drawer');
  for (const action of [drawer.getByTestId('close-position'), drawer.getByTestId('trade-details-button'), drawer.getByTestId('edit-targets')]) {
    expect(await inViewport(action)).toBe(true);
    expect(await uncovered(action)).toBe(true);
  }
  await screenshots(page, 'trading-room-positions-ar');
});

import { expect, type Page } from '@playwright/test';
import { apiCall, fundLiveAccount, newCustomer, openRoom, screenshots, test } from './helpers';

type Robot = { ea_id: number; status: string; params: Record<string, unknown>; max_positions: number };
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('an owned advisor is configured, started, stopped and deactivated from the Algo Trader panel', async ({ page, baseURL }) => {
  test.setTimeout(process.env.CI ? 120_000 : 60_000);
  const user = await newCustomer(baseURL!);
  const { data: session } = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const token = session.token;
  const { data: items } = await apiCall<{ data: { id: number; slug?: string; name: string }[] }>(baseURL!, 'GET', '/expert_advisors', { token });
  const advisor = items.find((i) => i.name === 'Trend Rider')!;
  await fundLiveAccount(baseURL!, user);
  await apiCall(baseURL!, 'POST', '/purchase/ea', { token, body: { expert_advisor_id: advisor.id } });
  const robots = async () => (await apiCall<{ data: Robot[] }>(baseURL!, 'GET', '/robots', { token })).data;

  await openRoom(page, user, { keepNotice: true });
  const algo = page.getByRole('region', { name: 'Algo Trader' });
  await algo.getByRole('button', { name: /Trend Rider/ }).click();
  const panel = page.getByRole('dialog', { name: 'Trend Rider' });
  await expect(panel.getByRole('switch', { name: 'Running' })).toHaveText('Stopped');
  await expect(panel.getByLabel('Instrument', { exact: true })).not.toHaveValue('');
  await panel.getByLabel('Fast MA period').fill('5');
  await panel.getByLabel('Slow MA period').fill('4');
  await panel.getByRole('switch', { name: 'Running' }).click();
  await expect(panel.getByText('The fast period must be shorter than the slow one.')).toBeVisible();
  await panel.getByLabel('Slow MA period').fill('20');
  await panel.getByLabel('Most open positions').fill('2');
  await screenshots(page, 'ea-panel');
  await panel.getByRole('switch', { name: 'Running' }).click();
  await expect(toast(page, 'Trend Rider has been activated.')).toBeVisible();
  await expect(panel.getByRole('switch', { name: 'Running' })).toHaveText('Running');
  await expect.poll(robots).toEqual([expect.objectContaining({ ea_id: advisor.id, status: 'running', max_positions: 2, params: expect.objectContaining({ fast: 5, slow: 20 }) })]);

  await panel.getByRole('switch', { name: 'Running' }).click();
  await expect(toast(page, 'Trend Rider has been stopped.')).toBeVisible();
  await expect.poll(async () => (await robots())[0]?.status).toBe('stopped');

  await panel.getByRole('button', { name: 'Expert Advisor menu' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Trend Rider has been deactivated.')).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(algo.getByRole('button', { name: /Trend Rider/ })).toContainText('Stopped');
  await expect.poll(robots).toEqual([]);
});

test('a running advisor trades on the server: the fill is tagged in the positions and marked on the chart, and the kill switch stops it', async ({ page, baseURL }) => {
  test.slow();
  const user = await newCustomer(baseURL!);
  const { data: session } = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const { data: items } = await apiCall<{ data: { id: number; name: string }[] }>(baseURL!, 'GET', '/expert_advisors', { token: session.token });
  const grid = items.find((i) => i.name === 'Grid Harvester')!;
  await fundLiveAccount(baseURL!, user);
  await apiCall(baseURL!, 'POST', '/purchase/ea', { token: session.token, body: { expert_advisor_id: grid.id } });

  await openRoom(page, user, { keepNotice: true });
  await expect(page.getByTestId('chart-title')).toContainText('BTC/USD');
  const algo = page.getByRole('region', { name: 'Algo Trader' });
  await algo.getByRole('button', { name: /Grid Harvester/ }).click();
  const panel = page.getByRole('dialog', { name: 'Grid Harvester' });
  await expect(panel.getByLabel('Instrument', { exact: true })).toHaveValue(/\d+/);
  // The smallest step: nearly every 1-minute bar of BTC/USD crosses a level.
  await panel.getByLabel('Grid step, % of the anchor price').fill('0.01');
  await panel.getByLabel('Lots per order', { exact: true }).fill('0.05');
  await panel.getByLabel('Most lots per order').fill('0.01');
  await panel.getByLabel('Daily loss limit').fill('500');
  await panel.getByRole('switch', { name: 'Running' }).click();
  await expect(toast(page, 'Grid Harvester has been activated.')).toBeVisible();

  // The server's pass places the order through the engine; the room learns of it like any fill.
  const tagged = page.getByTestId('position-row').filter({ has: page.getByTestId('placed-by') });
  await expect(tagged.first()).toBeVisible({ timeout: 150_000 });
  await expect(tagged.first().getByTestId('placed-by')).toHaveText('Grid Harvester');
  await expect(tagged.first()).toContainText('0.01');
  await expect(page.getByTestId('price-chart')).not.toHaveAttribute('data-markers', '0');
  await expect(panel.getByTestId('robot-open-positions')).not.toHaveText(/^0 /, { timeout: 15_000 });
  await expect(panel.getByTestId('robot-status')).toContainText(/Grid level -?\d+: (Bought|Sold) 0.01 lots/);
  await screenshots(page, 'ea-panel-running');
  await panel.getByRole('button', { name: 'Close' }).first().click();
  await screenshots(page, 'robot-trade-on-chart');

  await algo.getByRole('switch', { name: 'Automated trading' }).click();
  await expect(toast(page, 'Automated trading is off on this account: 1 stopped.')).toBeVisible();
  await expect(algo.getByRole('button', { name: /Grid Harvester/ })).toContainText('Stopped');
  await algo.getByRole('switch', { name: 'Automated trading' }).click();
  await expect(toast(page, 'Automated trading is on again.')).toBeVisible();
});

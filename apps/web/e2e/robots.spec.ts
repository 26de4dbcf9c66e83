import { expect, test, type Page } from '@playwright/test';
import { apiCall, newCustomer, screenshots, signIn } from './helpers';

type Robot = { ea_id: number; status: string; params: Record<string, unknown>; max_positions: number };
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('an owned advisor is configured, started, stopped and deactivated from the Algo Trader panel', async ({ page, baseURL }) => {
  test.setTimeout(process.env.CI ? 120_000 : 60_000);
  const user = await newCustomer(baseURL!);
  const { data: session } = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const token = session.token;
  const { data: items } = await apiCall<{ data: { id: number; slug?: string; name: string }[] }>(baseURL!, 'GET', '/expert_advisors', { token });
  const advisor = items.find((i) => i.name === 'Trend Rider')!;
  await apiCall(baseURL!, 'POST', '/purchase/ea', { token, body: { expert_advisor_id: advisor.id } });
  const robots = async () => (await apiCall<{ data: Robot[] }>(baseURL!, 'GET', '/robots', { token })).data;

  await signIn(page, user);
  await page.goto('/mt4');
  await expect(page.getByTestId('buy-price')).toHaveText(/^\d/, { timeout: 20_000 });
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

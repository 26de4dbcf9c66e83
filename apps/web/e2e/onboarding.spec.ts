import { expect, type Page } from '@playwright/test';
import { apiCall, newCustomer, openSignedIn, screenshots, type Customer, test } from './helpers';

type Preferences = { tour_done: boolean };

async function tokenOf(baseURL: string, user: Customer): Promise<string> {
  const res = await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  return res.data.token;
}

const tourDone = async (baseURL: string, token: string) => (await apiCall<{ data: Preferences }>(baseURL, 'GET', '/user/preferences', { token })).data.tour_done;
const step = (page: Page, title: string) => page.getByRole('dialog', { name: title });

test('a new customer gets a short tour of the trading room, walked by keyboard, once', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!, { tour: true });
  await openSignedIn(page, user, '/mt4');
  const tour = page.getByTestId('onboarding-tour');
  await expect(step(page, 'Welcome to your trading room')).toBeVisible({ timeout: 20_000 });
  await expect(tour).toContainText('Step 1 of 5');
  await screenshots(page, 'onboarding-tour');

  // A shortcut typed while the tour is open does nothing in the room behind it.
  await page.keyboard.press('b');
  // Next holds the focus at every step, so Enter walks the tour; Back goes a step back.
  await page.keyboard.press('Enter');
  await expect(step(page, 'Buy and sell')).toBeVisible();
  await tour.getByRole('button', { name: 'Back' }).click();
  await expect(step(page, 'Welcome to your trading room')).toBeVisible();
  for (const title of ['Buy and sell', 'The chart', 'Market watch', 'Your account']) {
    await page.keyboard.press('Enter');
    await expect(step(page, title)).toBeVisible();
  }
  await expect(tour).toContainText('Step 5 of 5');
  await tour.getByRole('button', { name: 'Start trading' }).click();
  await expect(tour).toBeHidden();

  const token = await tokenOf(baseURL!, user);
  await expect.poll(() => tourDone(baseURL!, token)).toBe(true);
  expect((await apiCall<{ data: unknown[] }>(baseURL!, 'GET', '/open/trades', { token })).data).toEqual([]);
  // Done is done: the room opens without it from now on.
  await page.reload();
  await expect(page.getByTestId('buy-price')).toHaveText(/^\d/, { timeout: 20_000 });
  await expect(tour).toBeHidden();
});

test('on a phone the tour leaves out what is not on screen, and Escape ends it for good', async ({ browser, baseURL }) => {
  const user = await newCustomer(baseURL!, { tour: true });
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await openSignedIn(page, user, '/mt4');
  const tour = page.getByTestId('onboarding-tour');
  // The market watch lives in the sidebar, which a phone opens only on demand.
  await expect(step(page, 'Welcome to your trading room')).toBeVisible({ timeout: 20_000 });
  await expect(tour).toContainText('Step 1 of 4');
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
  const token = await tokenOf(baseURL!, user);
  await expect.poll(() => tourDone(baseURL!, token)).toBe(true);
  await context.close();
});

import { expect } from '@playwright/test';
import { screenshots, test } from './helpers';

test('an unreachable server shows "Site Unreachable" and "Try Again" recovers', async ({ page }) => {
  await page.route('**/api/v1/settings', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Site Unreachable' })).toBeVisible();
  await expect(page.getByText("We're having trouble connecting to the server.")).toBeVisible();
  await screenshots(page, 'gate-unreachable');
  await page.unroute('**/api/v1/settings');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('the first visit shows the loading screen with the site name', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/settings', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByText('Loading market data...')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  await screenshots(page, 'gate-loading');
  release();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

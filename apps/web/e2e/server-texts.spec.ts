import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { adminToken, apiCall, type Customer, newCustomer, openSignedIn, screenshots, test } from './helpers';
import { navigate } from './support/navigate';

const LOCALES = path.resolve(import.meta.dirname, '../src/i18n/locales');

/** The Arabic catalogue's words for an English message. */
function arabic(english: string): string {
  for (const file of readdirSync(path.join(LOCALES, 'ar'))) {
    const entries = JSON.parse(readFileSync(path.join(LOCALES, 'ar', file), 'utf8')) as Record<string, string>;
    if (entries[english]) return entries[english];
  }
  throw new Error(`ar has no "${english}"`);
}

async function customerIn(baseURL: string, language: 'ar' | 'en'): Promise<Customer & { token: string }> {
  const user = await newCustomer(baseURL);
  const login = await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  await apiCall(baseURL, 'PUT', '/user/preferences', { token: login.data.token, body: { language } });
  // An advisor of their own, so the marketplace shows an Owned badge.
  const items = await apiCall<{ data: { id: number; title: string }[] }>(baseURL, 'GET', '/expert_advisors', { token: login.data.token });
  const course = items.data.find((i) => i.title === 'CFD Trading Course')!;
  await apiCall(baseURL, 'POST', '/purchase/ea', { token: login.data.token, body: { expert_advisor_id: course.id } });
  return { ...user, token: login.data.token };
}

const banner = (page: Page) => page.getByTestId('notification-banner');

test.setTimeout(180_000);

test('in Arabic, the notification the server wrote and the ledger read in Arabic, on the dashboard, the marketplace and the trading room', async ({ page, baseURL }) => {
  const user = await customerIn(baseURL!, 'ar');
  await openSignedIn(page, user, '/main/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Approving the customer wrote "Account approved"; they read it in Arabic.
  await expect(banner(page)).toContainText(arabic('Account approved'));
  await expect(banner(page)).toContainText(arabic('Your account has been approved. You can now trade.'));
  await expect(banner(page)).not.toContainText('approved');
  const funding = page.getByTestId('activity').filter({ hasText: arabic('Demo account funding') });
  await expect(funding).toBeVisible();
  await expect(page.getByTestId('activity').filter({ hasText: 'demo funding' })).toHaveCount(0);
  await screenshots(page, 'server-texts-dashboard-ar');

  await navigate(page, '/main/marketplace');
  // The course is the customer's one item; its name is in Arabic too, so the card is found by its badge.
  const card = page.getByRole('article').filter({ has: page.getByTestId('owned-badge') });
  await expect(card).toHaveCount(1);
  await expect(card).not.toHaveAccessibleName('CFD Trading Course');
  await expect(card.getByTestId('owned-badge')).toHaveText(arabic('Owned'));
  // The badge stays clear of the image, whose top corner carries the author's avatar.
  const image = (await card.locator('img').boundingBox())!;
  const badge = (await card.getByTestId('owned-badge').boundingBox())!;
  expect(badge.y).toBeGreaterThanOrEqual(image.y + image.height);
  await screenshots(page, 'server-texts-marketplace-ar');

  await navigate(page, '/mt4');
  await expect(page.locator('[data-testid="market-watch-row"]').first()).toBeVisible({ timeout: 40_000 });
  await screenshots(page, 'server-texts-trading-room-ar');
});

test('in English, the same texts read as the server words them', async ({ page, baseURL }) => {
  const user = await customerIn(baseURL!, 'en');
  await openSignedIn(page, user, '/main/dashboard');
  await expect(banner(page)).toContainText('Account approved');
  await expect(page.getByTestId('activity').filter({ hasText: 'Demo account funding' })).toBeVisible();
  await screenshots(page, 'server-texts-dashboard-en');
  await navigate(page, '/main/marketplace');
  await expect(page.getByRole('article', { name: 'CFD Trading Course' }).getByTestId('owned-badge')).toBeVisible();
  await screenshots(page, 'server-texts-marketplace-en');
  await navigate(page, '/mt4');
  await expect(page.locator('[data-testid="market-watch-row"]').first()).toBeVisible({ timeout: 40_000 });
  await screenshots(page, 'server-texts-trading-room-en');
});

test('in Arabic, an English chat message keeps its question mark at its own end', async ({ page, baseURL }) => {
  const user = await customerIn(baseURL!, 'ar');
  await apiCall(baseURL!, 'POST', '/chat/messages', { token: await adminToken(baseURL!), body: { message: 'Is your deposit showing now?', attachments: [], customer_id: user.id } });
  await openSignedIn(page, user, '/main/chat');
  const text = page.getByTestId('chat-message').getByText('Is your deposit showing now?');
  await expect(text).toBeVisible();
  // The day header is written in Arabic too, even though the language came with the sign-in.
  await expect(page.getByText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/)).toHaveCount(0);
  // Laid out left to right inside the right-to-left page, so "?" ends the sentence instead of starting it.
  expect(await text.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  // The empty box follows the page (its Arabic placeholder starts at the right); English typed in it runs left to right.
  const box = page.locator('textarea');
  const direction = () => box.evaluate((el) => getComputedStyle(el).direction);
  expect(await direction()).toBe('rtl');
  await box.fill('Yes, thanks!');
  expect(await direction()).toBe('ltr');
  await box.fill('');
  await screenshots(page, 'server-texts-chat-ar');
});

import { expect } from '@playwright/test';
import { apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

type Me = { data: { accounts: { id: number; kind: string }[] } };
type Item = { id: number; name: string };

test('a customer who owns the course reads its lessons in order and finds the progress kept; others are sent to the marketplace', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const user = await newCustomer(baseURL!);
  const login = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const token = login.data.token;
  const items = (await apiCall<{ data: Item[] }>(baseURL!, 'GET', '/expert_advisors', { token })).data;
  const course = items.find((i) => i.name === 'CFD Trading Course')!;
  // The course is free: bought from the live account, which holds no money.
  const live = (await apiCall<Me>(baseURL!, 'GET', '/user', { token })).data.accounts.find((a) => a.kind === 'live')!;
  await apiCall(baseURL!, 'POST', '/purchase/ea', { token, body: { expert_advisor_id: course.id, account_id: live.id } });
  await apiCall(baseURL!, 'POST', '/auth/logout', { token });

  await openSignedIn(page, user, '/main/marketplace?category=others');
  await page.getByRole('article', { name: 'CFD Trading Course' }).getByRole('link', { name: 'Open course' }).click();
  await expect(page).toHaveURL(new RegExp(`/main/courses/${course.id}$`));
  await expect(page.getByRole('heading', { name: 'CFD Trading Course' })).toBeVisible();
  await expect(page.getByText('Lesson 1 of 12')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What a CFD is' })).toBeVisible();
  await expect(page.getByTestId('lesson-body')).toContainText('contract for difference');
  await expect(page.getByTestId('course-progress')).toHaveText('0 of 12 lessons finished');
  await screenshots(page, 'course-lesson');

  await page.getByRole('button', { name: 'Finish and continue' }).click();
  await expect(page.getByText('Lesson 2 of 12')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Buying and selling' })).toBeVisible();
  await expect(page.getByTestId('course-progress')).toHaveText('1 of 12 lessons finished');
  await page.getByRole('button', { name: 'Finish and continue' }).click();
  await expect(page.getByText('Lesson 3 of 12')).toBeVisible();

  // Progress is the server's: a fresh page opens at the first unfinished lesson with two finished.
  await page.goto(`/main/courses/${course.id}`);
  await expect(page.getByTestId('course-progress')).toHaveText('2 of 12 lessons finished');
  await expect(page.getByRole('heading', { name: 'Bid, ask and the spread' })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Lessons' });
  await expect(list.getByRole('img', { name: 'Finished' })).toHaveCount(2);
  await list.getByRole('button', { name: /1\. What a CFD is/ }).click();
  await expect(page.getByText('Finished', { exact: true })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('language-storage', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await screenshots(page, 'course-lesson-ar');
  await page.evaluate(() => localStorage.removeItem('language-storage'));

  const stranger = await newCustomer(baseURL!);
  const other = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })).newPage();
  await openSignedIn(other, stranger, `/main/courses/${course.id}`);
  await expect(other.getByText('Buy this course in the marketplace to open its lessons.')).toBeVisible();
  await expect(other.getByText('What a CFD is')).toHaveCount(0);
  await screenshots(other, 'course-not-owned');
  await other.context().close();
});

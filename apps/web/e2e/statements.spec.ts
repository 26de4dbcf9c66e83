import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

type Me = { data: { accounts: { id: number; kind: string; number: string }[] } };

test('a customer downloads a monthly statement of a live account as PDF and CSV', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  const { data } = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const live = (await apiCall<Me>(baseURL!, 'GET', '/user', { token: data.token })).data.accounts.find((a) => a.kind === 'live')!;
  const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Eve Tester' };
  await apiCall(baseURL!, 'POST', '/deposits/card', { token: data.token, body: { account_id: live.id, amount: 750, card } });
  const month = new Date().toISOString().slice(0, 7);
  const label = new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

  await openSignedIn(page, user, '/main/accounts');
  await page.getByTestId('account-card').filter({ hasText: live.number }).getByRole('button', { name: 'Statements' }).click();
  const dialog = page.getByRole('dialog', { name: 'Statements' });
  await expect(dialog.getByRole('list', { name: 'Statement months' })).toContainText(label);
  await screenshots(page, 'statements');

  const [pdf] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: `${label} PDF` }).click()]);
  expect(pdf.suggestedFilename()).toBe(`statement-${live.number}-${month}.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  const [csv] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: `${label} CSV` }).click()]);
  const text = await readFile((await csv.path())!, 'utf8');
  const rows = text.trimEnd().split('\r\n');
  expect(rows[0]).toMatch(/^Account,Currency,Section,Date,Kind,Reference,Amount,Balance,/);
  expect(rows.find((r) => r.includes(',Closing balance,'))).toMatch(new RegExp(`^${live.number},USD,Closing balance,[^,]+,,,,750\\.00,`));
});

test('a customer downloads the annual costs-and-charges statement beside the monthly ones', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  const { data } = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const live = (await apiCall<Me>(baseURL!, 'GET', '/user', { token: data.token })).data.accounts.find((a) => a.kind === 'live')!;
  const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Eve Tester' };
  await apiCall(baseURL!, 'POST', '/deposits/card', { token: data.token, body: { account_id: live.id, amount: 500, card } });
  const year = String(new Date().getUTCFullYear());

  await openSignedIn(page, user, '/main/accounts');
  await page.getByTestId('account-card').filter({ hasText: live.number }).getByRole('button', { name: 'Statements' }).click();
  const dialog = page.getByRole('dialog', { name: 'Statements' });
  const costs = dialog.getByTestId('costs-statements');
  await expect(costs.getByRole('heading', { name: 'Costs and charges' })).toBeVisible();
  await expect(costs.getByRole('list', { name: 'Costs and charges years' })).toContainText(year);
  await screenshots(page, 'statements-costs');

  const [pdf] = await Promise.all([page.waitForEvent('download'), costs.getByRole('button', { name: `Costs and charges ${year} PDF` }).click()]);
  expect(pdf.suggestedFilename()).toBe(`costs-${live.number}-${year}.pdf`);
  const bytes = await readFile((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.subarray(-6).toString()).toContain('%%EOF');
});

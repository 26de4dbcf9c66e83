import { expect, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

type PlanGroup = { id: number; title: string; group_id: number | null };
type Client = { data: { accounts: { id: number; group_name: string }[] } };
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

// Which group a plan's new accounts join is site-wide: the next specs find every plan as it was.
let before: PlanGroup[] = [];
test.beforeEach(async ({ baseURL }) => {
  before = (await apiCall<{ data: PlanGroup[] }>(baseURL!, 'GET', '/admin/plan-groups', { token: await adminToken(baseURL!) })).data;
});
test.afterEach(async ({ baseURL }) => {
  const token = await adminToken(baseURL!);
  for (const plan of before) await apiCall(baseURL!, 'PUT', `/admin/plans/${plan.id}/group`, { token, body: { group_id: plan.group_id } });
});

test('the admin sends a plan’s new accounts to the Raw group from the desk; a customer who then signs up trades in it', async ({ page, baseURL }) => {
  await openSignedIn(page, ADMIN, '/admin/dealing');
  const section = page.getByTestId('plan-groups');
  await expect(section.getByRole('heading', { name: 'Plans and their groups' })).toBeVisible();
  // A new customer's plan: the first of the list.
  const plan = before[0]!;
  const row = section.locator(`[data-testid="plan-group"][data-plan="${plan.title}"]`);
  const picker = row.getByRole('combobox', { name: `Group of new accounts on ${plan.title}` });
  await expect(picker.locator('option:checked')).toHaveText('Standard');
  await picker.selectOption({ label: 'Raw' });
  await expect(toast(page, `New accounts on ${plan.title} join Raw.`)).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshots(page, 'admin-plan-groups');
  const token = await adminToken(baseURL!);
  const kept = (await apiCall<{ data: PlanGroup[] }>(baseURL!, 'GET', '/admin/plan-groups', { token })).data.find((p) => p.id === plan.id)!;
  expect(kept.group_id).not.toBeNull();

  // A customer signing up now gets accounts in Raw; the change shows in the audit log.
  const customer = await newCustomer(baseURL!);
  const client = await apiCall<Client>(baseURL!, 'GET', `/admin/clients/${customer.id}`, { token });
  expect(client.data.accounts.map((a) => a.group_name)).toEqual(client.data.accounts.map(() => 'Raw'));
  const audit = await apiCall<{ data: { action: string }[] }>(baseURL!, 'GET', `/admin/audit?subject_type=plan&subject_id=${plan.id}`, { token });
  expect(audit.data[0]!.action).toBe('plan.group');

  // Back to Standard from the same list.
  await picker.selectOption({ label: 'Standard' });
  await expect(toast(page, `New accounts on ${plan.title} join Standard.`)).toBeVisible();
  await expect(picker.locator('option:checked')).toHaveText('Standard');
});

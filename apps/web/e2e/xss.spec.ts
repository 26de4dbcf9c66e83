import { randomBytes } from 'node:crypto';
import { expect, request, type Browser, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, openSignedIn, registerByApi, registrationFields, verifyCustomer, test } from './helpers';
import { navigate } from './support/navigate';

/**
 * Text that runs script if anything renders it as HTML, a URL or a template: each sets
 * window.__xss (some also open a dialog). Short enough for every field (a postal code holds 20).
 */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<svg onload=__xss=1>',
  'javascript:window.__xss=1//',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  // A template literal a client-side template engine would evaluate.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the payload
  '`${window.__xss=1}`',
  '[click me](javascript:window.__xss=1)',
  '\\u003cimg src=x onerror=window.__xss=1\\u003e',
  '<iframe srcdoc="<script>parent.__xss=1</script>">',
  '<a href="javascript:window.__xss=1">tap</a>',
  "{{constructor.constructor('window.__xss=1')()}}",
  '<details open ontoggle=window.__xss=1>',
  '<math><style><img src=x onerror=window.__xss=1>',
  '＜script＞window.__xss=1＜/script＞',
];

/** Records every dialog and uncaught script error of the page. */
function watch(page: Page) {
  const seen = { dialogs: [] as string[], errors: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

/** Every text is on the page as written, and none of them ran or became markup. */
async function expectInert(page: Page, seen: ReturnType<typeof watch>, texts: string[], where = page.locator('body')) {
  for (const text of texts) await expect(where.getByText(text).first(), text).toBeVisible();
  const planted = await page.evaluate(() => ({
    flag: (window as { __xss?: unknown }).__xss,
    scripts: [...document.scripts].filter((s) => s.textContent?.includes('__xss')).length,
    handlers: document.querySelectorAll('[onerror],[onload],[ontoggle],iframe[srcdoc],a[href^="javascript:" i]').length,
  }));
  expect(planted).toEqual({ flag: undefined, scripts: 0, handlers: 0 });
  expect(seen.dialogs).toEqual([]);
  expect(seen.errors).toEqual([]);
}

async function openAs(browser: Browser, user: { email: string; password: string }, path: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const seen = watch(page);
  await openSignedIn(page, user, path);
  return { page, seen };
}

type Person = { id: number; email: string; password: string; token: string };
const run = randomBytes(4).toString('hex');

/** A customer registered with the given names, approved, and signed in through the API. */
async function register(baseURL: string, first: string, last: string): Promise<Person> {
  const email = `xss.${run}.${randomBytes(3).toString('hex')}@example.com`;
  const password = 'e2e-password-1';
  const user = await registerByApi(baseURL, registrationFields(email, password, { first_name: first, last_name: last }));
  await apiCall(baseURL, 'PATCH', `/admin/clients/${user.id}/status`, { token: await adminToken(baseURL), body: { status: 'active' } });
  const token = (await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: { email, password } })).data.token;
  return { id: user.id, email, password, token };
}

test('chat messages both ways show every payload as text and run none', async ({ browser, baseURL }) => {
  test.slow();
  const customer = await register(baseURL!, PAYLOADS[0]!, PAYLOADS[1]!);
  const client = await openAs(browser, customer, '/main/chat');
  const input = client.page.getByRole('textbox', { name: 'Message' });
  for (const text of PAYLOADS) {
    await input.fill(text);
    await input.press('Enter');
    await expect(client.page.getByTestId('chat-message').filter({ hasText: text }).first()).toBeVisible();
  }

  const admin = await openAs(browser, ADMIN, '/admin/chat');
  await admin.page.getByPlaceholder('Search users...').fill(customer.email);
  await admin.page.getByTestId('chat-user').filter({ hasText: customer.email }).click();
  await expectInert(admin.page, admin.seen, PAYLOADS);

  // An attachment's name is user-typed too: shown on the chip, in both bubbles and on its link.
  const fileName = "'><img src=x onerror=window.__xss=1>.pdf";
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  await client.page.getByTestId('chat-file-input').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
  await expect(client.page.getByTestId('attachment-chip')).toContainText(fileName);
  await input.fill('attached');
  await client.page.getByRole('button', { name: 'Send message' }).click();
  await expectInert(client.page, client.seen, [fileName], client.page.getByTestId('chat-message').filter({ hasText: 'attached' }));
  await expectInert(admin.page, admin.seen, [fileName], admin.page.getByTestId('chat-message').filter({ hasText: 'attached' }));

  const reply = admin.page.getByRole('textbox', { name: 'Message' });
  for (const text of PAYLOADS) {
    await reply.fill(`re ${text}`);
    await reply.press('Enter');
    await expect(admin.page.getByTestId('chat-message').filter({ hasText: `re ${text}` }).first()).toBeVisible();
    // Live on the customer's page as each arrives (the page keeps only the latest messages).
    await expect(client.page.getByTestId('chat-message').filter({ hasText: `re ${text}` }).first()).toBeVisible();
  }
  await expectInert(client.page, client.seen, []);
  await expectInert(admin.page, admin.seen, []);
  await client.page.reload();
  await expectInert(client.page, client.seen, PAYLOADS.slice(-8).map((p) => `re ${p}`));
});

test('names and addresses from registration and the personal page show as text in the header, the client list and detail', async ({ browser, baseURL }) => {
  test.slow();
  const people: { person: Person; texts: string[] }[] = [];
  for (let i = 0; i < PAYLOADS.length; i += 5) {
    const [first, last, line1, line2, city] = [0, 1, 2, 3, 4].map((k) => PAYLOADS[(i + k) % PAYLOADS.length]!);
    const person = await register(baseURL!, first!, last!);
    await apiCall(baseURL!, 'PATCH', '/user/profile', {
      token: person.token,
      body: { first_name: first, last_name: last, country_code: '+1', phone: '5550001111', address_line1: line1, address_line2: line2, city, postal_code: PAYLOADS[2], country: 'united-states', date_of_birth: '' },
    });
    people.push({ person, texts: [first!, last!, line1!, line2!, city!] });
  }

  for (const { person, texts } of people) {
    const { page, seen } = await openAs(browser, person, '/main/dashboard');
    await expectInert(page, seen, [texts[0]!]);
    await navigate(page, '/main/personal');
    await expect(page.getByLabel('First name')).toHaveValue(texts[0]!);
    await expect(page.getByLabel('City')).toHaveValue(texts[4]!);
    await expect(page.getByLabel('Address line 1')).toHaveValue(texts[2]!);
    await expectInert(page, seen, [texts[0]!]);
    await page.context().close();
  }

  const admin = await openAs(browser, ADMIN, '/admin/clients');
  await admin.page.getByRole('searchbox', { name: 'Search clients' }).fill(`xss.${run}`);
  await expectInert(admin.page, admin.seen, people.flatMap((p) => p.texts.slice(0, 2)));
  for (const { person, texts } of people) {
    await admin.page.getByRole('searchbox', { name: 'Search clients' }).fill(person.email);
    await admin.page.getByRole('row').filter({ hasText: person.email }).getByRole('button').first().click();
    const dialog = admin.page.getByRole('dialog');
    // The back office shows the names; the address is only on the customer's own page and statements.
    await expectInert(admin.page, admin.seen, texts.slice(0, 2), dialog);
    await admin.page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});

test('reasons and notifications an admin types and withdrawal holders show as text to the customer and in the back office', async ({ browser, baseURL }) => {
  test.slow();
  const admin = await adminToken(baseURL!);
  const customer = await register(baseURL!, 'Rhea', 'Reasons');
  const as = { token: customer.token };
  // Verification: a document rejected with each payload in turn; the last reason stays.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const http = await request.newContext({ baseURL });
  const kinds = ['id_front', 'id_back', 'proof_of_address', 'selfie'] as const;
  const reasons = PAYLOADS.slice(0, kinds.length);
  for (const [i, kind] of kinds.entries()) {
    const up = await http.post('/api/v1/verification/documents', { headers: { authorization: `Bearer ${customer.token}` }, multipart: { kind, file: { name: 'scan.png', mimeType: 'image/png', buffer: png } } });
    expect(up.status()).toBe(201);
    const doc = ((await up.json()) as { data: { documents: { file: { id: number }; kind: string }[] } }).data.documents.find((d) => d.kind === kind)!;
    await apiCall(baseURL!, 'POST', `/admin/verification/documents/${doc.file.id}/reject`, { token: admin, body: { reason: reasons[i] } });
  }
  await http.dispose();

  // Payments: a deposit claim and a bank withdrawal (its holder a payload) rejected with payloads. The
  // withdrawal is a verified customer's, since Rhea's documents are rejected.
  const payer = await register(baseURL!, 'Wade', 'Withdrawal');
  await verifyCustomer(baseURL!, payer);
  const liveOf = async (token: string) => (await apiCall<{ data: { accounts: { id: number; kind: string }[] } }>(baseURL!, 'GET', '/user', { token })).data.accounts.find((a) => a.kind === 'live')!;
  const wallets = (await apiCall<{ data: { wallets: { id: number; crypto: string }[] } }>(baseURL!, 'GET', '/deposit_options', as)).data.wallets;
  const bitcoin = wallets.find((w) => w.crypto === 'bitcoin')!;
  const claim = async (who: { token: string }, amount: number) =>
    apiCall<{ data: { id: number } }>(baseURL!, 'POST', '/deposits/crypto', { token: who.token, body: { account_id: (await liveOf(who.token)).id, wallet_id: bitcoin.id, coin_amount: amount, tx_hash: randomBytes(32).toString('hex') } }).then((r) => r.data.id);
  await apiCall(baseURL!, 'POST', `/admin/money/${await claim(payer, 1000)}/approve`, { token: admin, body: { credited_amount: 1000 } });
  await apiCall(baseURL!, 'POST', `/admin/money/${await claim(customer, 50)}/reject`, { token: admin, body: { reason: PAYLOADS[5] } });
  const holder = PAYLOADS[6]!;
  const withdrawal = await apiCall<{ data: { id: number } }>(baseURL!, 'POST', '/withdrawals', { token: payer.token, body: { account_id: (await liveOf(payer.token)).id, method: 'bank', amount: 100, iban: 'DE89 3704 0044 0532 0130 00', holder } });
  await apiCall(baseURL!, 'POST', `/admin/money/${withdrawal.data.id}/reject`, { token: admin, body: { reason: PAYLOADS[7] } });

  // A notification the admin writes to the customer, shown as a banner.
  await apiCall(baseURL!, 'POST', '/admin/notifications', { token: admin, body: { user_id: customer.id, title: PAYLOADS[12], message: PAYLOADS[13], color: 'info' } });

  const client = await openAs(browser, customer, '/main/dashboard');
  await expectInert(client.page, client.seen, [PAYLOADS[12]!, PAYLOADS[13]!]);
  await navigate(client.page, '/main/verification');
  await expectInert(client.page, client.seen, reasons);
  await navigate(client.page, '/main/deposit/bitcoin');
  await expectInert(client.page, client.seen, [PAYLOADS[5]!]);
  const payerClient = await openAs(browser, payer, '/main/withdrawal');
  await expectInert(payerClient.page, payerClient.seen, [PAYLOADS[7]!]);

  const office = await openAs(browser, ADMIN, `/admin/verification/${customer.id}`);
  await expectInert(office.page, office.seen, reasons);
  await navigate(office.page, '/admin/money');
  await office.page.getByRole('button', { name: 'All', exact: true }).click();
  await expectInert(office.page, office.seen, [PAYLOADS[5]!]);
  await office.page.getByRole('tab', { name: /Withdrawals/ }).click();
  await office.page.getByRole('button', { name: 'All', exact: true }).click();
  await expectInert(office.page, office.seen, [holder, PAYLOADS[7]!]);
});

test('catalogue items edited in the back office show their title, author, description and features as text', async ({ browser, baseURL }) => {
  const admin = await adminToken(baseURL!);
  const [name, author, description, ...features] = [PAYLOADS[8]!, PAYLOADS[9]!, PAYLOADS.join(' '), ...PAYLOADS.slice(10)];
  const plain = { name: `Plain item ${run}`, description: 'Plain', author: 'Plain', image: '/images/marketplace/placeholder.png', type: 'other', strategy: null, default_params: {}, features: [], amount: '49.00', billing: 'one_time', published: true, plan_ids: [] };
  const item = await apiCall<{ data: { id: number } }>(baseURL!, 'POST', '/admin/expert_advisors', { token: admin, body: plain });
  try {
    // Typed into the back office form.
    const office = await openAs(browser, ADMIN, `/admin/catalogue/${item.data.id}`);
    await office.page.getByLabel('Name', { exact: true }).fill(name);
    await office.page.getByLabel('Author').fill(author);
    await office.page.getByLabel('Description', { exact: true }).fill(description);
    await office.page.getByLabel('Features (one per line)').fill(features.join('\n'));
    await office.page.getByRole('button', { name: 'Save' }).click();
    await expect(office.page).toHaveURL(/\/admin\/catalogue$/);
    await expectInert(office.page, office.seen, [name]);
    await office.page.goto(`/admin/catalogue/${item.data.id}`);
    await expect(office.page.getByLabel('Description', { exact: true })).toHaveValue(description);
    await expectInert(office.page, office.seen, []);

    const customer = await register(baseURL!, 'Cato', 'Catalogue');
    const client = await openAs(browser, customer, '/main/marketplace');
    await expectInert(client.page, client.seen, [name]);
    await client.page.getByText(name).first().click();
    await expectInert(client.page, client.seen, [name, author]);
  } finally {
    await apiCall(baseURL!, 'PUT', `/admin/expert_advisors/${item.data.id}`, { token: admin, body: { ...plain, published: false } });
  }
});

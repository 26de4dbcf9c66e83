import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { test as base, expect, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { appropriatenessQuestions } from '@bourse/contract';

/**
 * The test every spec runs. Playwright closes the context it hands a test, not one the test opens
 * itself (a second customer, the admin): left open, its page would go on polling and streaming
 * prices through every later test of the worker's browser.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close()));
    },
    { auto: true },
  ],
});

export const ADMIN = { email: 'admin@bourse.local', password: 'admin-demo-pass' };

/** Calls the real API directly (setup steps that are not what a test is about). */
export async function apiCall<T = unknown>(baseURL: string, method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await ctx.fetch(`/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      data: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const body = await res.json().catch(() => null);
    if (!res.ok()) throw new Error(`${method} ${path} → ${res.status()} ${JSON.stringify(body)}`);
    return body as T;
  } finally {
    await ctx.dispose();
  }
}

/** The admin's sessions, one per server and worker: each sign-in costs the server a password hash. */
const adminSessions = new Map<string, Promise<string>>();

/** A token of the admin's, signed in once per worker (no spec signs the admin out everywhere). */
export function adminToken(baseURL: string): Promise<string> {
  let token = adminSessions.get(baseURL);
  if (!token) {
    token = apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: ADMIN }).then((res) => res.data.token);
    // A failed sign-in is not kept: the next call tries again.
    token.catch(() => adminSessions.delete(baseURL));
    adminSessions.set(baseURL, token);
  }
  return token;
}

export type Customer = { id: number; email: string; password: string; firstName: string };

/** The registration form's fields, with `overrides`, for `email`. */
export function registrationFields(email: string, password: string, overrides: Record<string, string> = {}) {
  return {
    first_name: 'Eve', last_name: 'Tester', username: email.split('@')[0], email, phone: '+15550001111',
    country_code: '+1', country: 'united-states', nationality: 'united-states', password, confirm_password: password, ...overrides,
  };
}

/**
 * Registers through the API the way the sign-up does: a code is mailed to the address, read here
 * from the mail log, and exchanged for the proof registration needs. The session registration
 * opens is closed again, so a spec's own sign-ins are the customer's only sessions.
 */
export async function registerByApi(baseURL: string, fields: ReturnType<typeof registrationFields>): Promise<{ id: number }> {
  const { user, token } = await registrationSession(baseURL, fields);
  await apiCall(baseURL, 'POST', '/auth/logout', { token });
  return user;
}

/** Registers through the API as registerByApi does, and keeps the session registration opens. */
async function registrationSession(baseURL: string, fields: ReturnType<typeof registrationFields>): Promise<{ user: { id: number }; token: string }> {
  await apiCall(baseURL, 'POST', '/auth/email-code', { body: { email: fields.email } });
  const code = await lastMailedCode(fields.email);
  const proof = await apiCall<{ data: { email_token: string } }>(baseURL, 'POST', '/auth/verify-email', { body: { email: fields.email, code } });
  const res = await apiCall<{ data: { user: { id: number }; token: string } }>(baseURL, 'POST', '/auth/register', { body: { ...fields, email_token: proof.data.email_token } });
  return res.data;
}

/** A complete 1×1 JPEG the server accepts for any identity document. */
const ID_PHOTO = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJMAxHH/2Q==',
  'base64',
);

/** Verifies a customer's identity through the API: the four documents uploaded, each approved by the admin. */
export async function verifyCustomer(baseURL: string, user: { email: string; password: string }): Promise<void> {
  const token = (await apiCall<{ data: { token: string } }>(baseURL, 'POST', '/auth/login', { body: user })).data.token;
  const ctx = await playwrightRequest.newContext({ baseURL });
  try {
    for (const kind of ['id_front', 'id_back', 'proof_of_address', 'selfie']) {
      const res = await ctx.post('/api/v1/verification/documents', {
        headers: { authorization: `Bearer ${token}` },
        multipart: { kind, file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: ID_PHOTO } },
      });
      if (!res.ok()) throw new Error(`upload of ${kind} → ${res.status()}`);
    }
  } finally {
    await ctx.dispose();
  }
  const own = await apiCall<{ data: { documents: { file: { id: number } }[] } }>(baseURL, 'GET', '/verification', { token });
  const admin = await adminToken(baseURL);
  for (const doc of own.data.documents) await apiCall(baseURL, 'POST', `/admin/verification/documents/${doc.file.id}/approve`, { token: admin, body: {} });
  await apiCall(baseURL, 'POST', '/auth/logout', { token });
}

/** The best answer to every question of the appropriateness test: a questionnaire that passes. */
export const passingAnswers = (): Record<string, string> =>
  Object.fromEntries(appropriatenessQuestions.map((q) => [q.id, [...q.answers].sort((a, b) => b.points - a.points)[0]!.id]));

/**
 * Registers a new customer through the API and approves it as the admin. The trading room's
 * first-visit tour is marked done, so specs about other things find the room as a returning
 * customer does; `tour: true` keeps it for the spec about the tour. The appropriateness questions
 * are answered (passing), as a customer opening or trading a live account has, unless
 * `appropriateness: false`. `verified: true` also has the identity documents approved, which live
 * orders and withdrawals need by default.
 */
export async function newCustomer(baseURL: string, opts: { approve?: boolean; tour?: boolean; verified?: boolean; appropriateness?: boolean } = {}): Promise<Customer> {
  const email = `e2e.${randomBytes(5).toString('hex')}@example.com`;
  const password = 'e2e-password-1';
  const firstName = 'Eve';
  const { user, token } = await registrationSession(baseURL, registrationFields(email, password, { first_name: firstName }));
  if (opts.approve !== false) {
    await apiCall(baseURL, 'PATCH', `/admin/clients/${user.id}/status`, { token: await adminToken(baseURL), body: { status: 'active' } });
    if (!opts.tour) await apiCall(baseURL, 'PUT', '/user/preferences', { token, body: { tour_done: true } });
  }
  if (opts.appropriateness !== false) await apiCall(baseURL, 'POST', '/appropriateness', { token, body: { answers: passingAnswers() } });
  // The spec's own sign-ins are then the customer's only sessions.
  await apiCall(baseURL, 'POST', '/auth/logout', { token });
  if (opts.verified) await verifyCustomer(baseURL, { email, password });
  return { id: user.id, email, password, firstName };
}

/**
 * Credits the customer's live account as the admin: paid marketplace items are paid from a live
 * account only, and a new customer's is empty. Returns the account's id.
 */
export async function fundLiveAccount(baseURL: string, customer: { id: number }, amount = 1000): Promise<number> {
  const token = await adminToken(baseURL);
  const client = await apiCall<{ data: { accounts: { id: number; kind: string }[] } }>(baseURL, 'GET', `/admin/clients/${customer.id}`, { token });
  const live = client.data.accounts.find((a) => a.kind === 'live')!;
  await apiCall(baseURL, 'POST', `/admin/accounts/${live.id}/adjust`, { token, body: { amount, reason: 'Funding for the test' } });
  return live.id;
}

/** Signs in through the login form. */
export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/$/);
}

/**
 * Signs in without the login form, for specs about something else: the API issues the session
 * and the client finds it where it keeps its own (SPEC §3 `user-storage`), then `path` opens as a
 * returning customer's page does. The login form itself is tested by the login and auth specs.
 */
export async function openSignedIn(
  page: Page,
  user: { email: string; password: string },
  path = '/main',
  // Another server than the config's (a spec's own) signs in on its own.
  baseURL = test.info().project.use.baseURL!,
): Promise<{ token: string; user: { id: number; role: string } }> {
  const login = await apiCall<{ data: { token: string; user: { id: number; role: string } } }>(baseURL, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  const stored = JSON.stringify({ state: { user: login.data.user, token: login.data.token, selectedAccountIndex: 0 }, version: 0 });
  // Before the client's own scripts run, and only once: a later reload keeps whatever the page has since stored.
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('user-storage', value);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, stored);
  await page.goto(path);
  return login.data;
}

/**
 * Opens the trading room signed in as `user` (see openSignedIn), once the BUY button shows the
 * active instrument's price. The approval notice a new customer finds floats over the top bar, so
 * it is read first, unless `keepNotice` (specs about that notice).
 */
export async function openRoom(page: Page, user: { email: string; password: string }, opts: { path?: string; keepNotice?: boolean; baseURL?: string } = {}) {
  const session = await openSignedIn(page, user, opts.path ?? '/mt4', opts.baseURL);
  // The first price comes over the price socket once the room has loaded: the slowest wait of a
  // page open, given more room on CI like every other wait.
  await expect(page.getByTestId('buy-price')).toHaveText(/^\d/, { timeout: process.env.CI ? 40_000 : 20_000 });
  if (!opts.keepNotice) await page.getByTestId('notification-banner').getByRole('button', { name: 'Close' }).click();
  return session;
}

/**
 * Saves a screenshot of the page at 1280 px and at 375 px under screenshots/<name>-{1280,375}.png.
 * They are for people to look at, so CI, which keeps none, skips them unless SCREENSHOTS=1.
 */
export async function screenshots(page: Page, name: string) {
  await expectAccessible(page, name);
  if (process.env.CI && process.env.SCREENSHOTS !== '1') return;
  const original = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true, style: '[data-sonner-toaster]{display:none!important}' });
  }
  if (original) await page.setViewportSize(original);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const axeOptions: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // Only violations are reported: building the passes for every node of a full trading room
  // cost several times the checks themselves.
  resultTypes: ['violations'],
};

/**
 * axe-core on the page as it is now: no serious or critical violation of WCAG 2.1 A and AA. Every
 * screen a spec takes screenshots of is checked, in CI too.
 */
export async function expectAccessible(page: Page, name: string) {
  // A toast fades in: caught mid-transition its text fails colour contrast that it passes once shown.
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const toasts = document.getAnimations().filter((a) => (a.effect as KeyframeEffect | null)?.target?.closest('[data-sonner-toaster]'));
    await Promise.race([Promise.all(toasts.map((a) => a.finished.catch(() => null))), new Promise((r) => setTimeout(r, 2000))]);
  });
  // axe runs in the page itself, loaded once per document (a client-side navigation keeps it). The
  // app's screens have no frames of their own, so the top document is the whole screen.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };
    const results = await axe.run(document, options);
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html })) }));
  }, axeOptions);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const found = serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
  if (process.env.AXE_SURVEY) {
    await appendFile(process.env.AXE_SURVEY, `${JSON.stringify({ name, found, html: serious.map((v) => v.nodes.slice(0, 3).map((n) => n.html)) })}\n`);
    return;
  }
  expect(found, `accessibility of ${name}`).toEqual([]);
}

export type { Browser };

/** The e2e server's data dir, chosen by playwright.config.ts and inherited by every worker. */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the specs through apps/web/playwright.config.ts');
  return dir;
}

/** Data dirs of further servers a spec starts (a shifted clock): their mail is read too. */
const otherServerDirs = new Set<string>();

/** Reads the mail of a further server's data dir beside the e2e server's, until `forget` is called. */
export function readMailOf(dataDir: string): { forget(): void } {
  otherServerDirs.add(dataDir);
  return { forget: () => otherServerDirs.delete(dataDir) };
}

/** Every mail the servers of this run have written, the e2e server's first. */
async function mailLog(): Promise<string> {
  const logs = await Promise.all([e2eDataDir(), ...otherServerDirs].map((dir) => readFile(`${dir}/mail.log`, 'utf8').catch(() => '')));
  return logs.join('\n');
}

/**
 * The last link to `path` mailed to `email`. Without SMTP the server appends every mail to
 * `${DATA_DIR}/mail.log`, which the browser tests read instead of an inbox.
 */
export async function lastMailedLink(email: string, path: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const log = await mailLog();
    const mails = log.split(/^--- /m).filter((m) => m.includes(`To: ${email}\n`));
    const link = mails.at(-1)?.match(new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`))?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail with ${path} for ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The newest mail to `email` in the mail log, once it is there. */
export async function lastMail(email: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const log = await mailLog();
    const mail = log.split(/^--- /m).findLast((m) => m.includes(`To: ${email}\n`));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail for ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code of the newest mail to `email` (it ends the subject in every language). */
export async function lastMailedCode(email: string): Promise<string> {
  const code = /^Subject: .*\b(\d{6})\u2069?$/m.exec(await lastMail(email))?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Types the code mailed to `email` into the sign-up's code step and confirms it. */
export async function enterMailedCode(page: Page, email: string) {
  await expect(page.getByRole('form', { name: 'Confirm your email' })).toContainText(email);
  await page.getByLabel('Verification code').fill(await lastMailedCode(email));
  await page.getByRole('button', { name: 'Verify email' }).click();
}

/** Changes site settings as the admin and returns the previous values of the changed keys (to restore). */
export async function changeSettings(baseURL: string, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = (await apiCall<{ data: Record<string, unknown> }>(baseURL, 'GET', '/settings')).data;
  await apiCall(baseURL, 'PUT', '/admin/settings', { token: await adminToken(baseURL), body: patch });
  return Object.fromEntries(Object.keys(patch).map((k) => [k, current[k]]));
}

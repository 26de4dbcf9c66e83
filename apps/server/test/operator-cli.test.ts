// The operator CLI (`npx bourse …`, bin/bourse.js) as a process of its own on the PostgreSQL database
// a running server uses: a missed daily job run again for its day does that day's work once, the
// ledger check and the audit check report through their exit codes, and wrong usage or an
// unreachable database each have theirs. (create-admin.test.ts and audit-chain.test.ts run it on an
// embedded database; a process opening PGlite pays seconds for it, one on PostgreSQL does not.)
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rolloverAt } from '@bourse/domain';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, savingsEntries, trades, tradingAccounts } from '../src/db/schema/index.ts';
import { rowsOf } from '../src/db/statement.ts';
import { updateSiteSettings } from '../src/modules/settings/settings.service.ts';
import { createTestUser, fundLiveAccount } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { useManualMarket } from './helpers/trading.ts';

const BIN = path.resolve(import.meta.dirname, '../../../bin/bourse.js');
const DAY_MS = 86_400_000;
const DATABASE_URL = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-cli-'));
let server: TestServer;
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Run = { code: number; stdout: string; stderr: string };
/** `npx bourse …` on the server's database (or the environment given). */
const bourse = (args: string[], env: Record<string, string> = {}) =>
  new Promise<Run>((resolve) => {
    const databaseUrl = server.ctx.config.databaseUrl!;
    execFile(process.execPath, [BIN, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'test', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// A rollover three days ago (17:00 New York, the default) the worker never charged: swaps were
// switched on a minute before it, and the position was open since two days before.
const missedDay = utcDay(Date.now() - 3 * DAY_MS);
const missedAt = rolloverAt(missedDay, { hour: 17, minute: 0 }, 'America/New_York');
const yesterday = utcDay(Date.now() - DAY_MS);
let position: { id: number; trade_id: string; account_id: number };
let saverId: number;
let saverEmail: string;

// The CLI connects to PostgreSQL beside the running server, as an operator's does: CI's PostgreSQL pass.
beforeAll(async () => {
  if (!DATABASE_URL) return;
  server = await startTestServer();
  const market = await useManualMarket(server);
  const trader = await createTestUser(server);
  const opened = await server.call('POST', '/trades/store', { token: trader.token, body: market.order({ volume: 1 }) });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  position = opened.body.data;
  await server.ctx.db.update(trades).set({ openTime: new Date(missedAt - 2 * DAY_MS) }).where(eq(trades.id, position.id));
  await server.ctx.db.execute(sql`UPDATE swap_settings SET charged_from = ${new Date(missedAt - 60_000).toISOString()}::timestamptz`);

  await updateSiteSettings(server.ctx.db, { savings_rate_pct: 3.65 });
  const saver = await createTestUser(server);
  saverId = saver.id;
  saverEmail = saver.email;
  const live = await fundLiveAccount(server, saver, '1000.00');
  expect((await server.call('POST', '/savings/deposit', { token: saver.token, body: { account_id: live, amount: 500 } })).status).toBe(200);
}, 60_000);

describe.skipIf(!DATABASE_URL)('npx bourse', () => {
  it('lists its commands and the daily jobs, and answers wrong usage with exit code 2 and the reason', async () => {
    const help = await bourse(['help']);
    expect(help.code).toBe(0);
    for (const name of ['create-admin', 'verify-audit', 'ledger-check', 'export-customer', 'rerun-job', 'swap-rollover', 'savings-interest', 'marketplace-renewals']) expect(help.stdout).toContain(name);
    const usage = await Promise.all([
      bourse([]),
      bourse(['rotate']),
      bourse(['rerun-job', 'equity-snapshots', '--day', yesterday]),
      bourse(['rerun-job', 'swap-rollover']),
      bourse(['rerun-job', 'swap-rollover', '--day', '2025-02-30']),
      bourse(['rerun-job', 'swap-rollover', '--day', utcDay(Date.now() + 2 * DAY_MS)]),
      bourse(['ledger-check', '--all']),
    ]);
    expect(usage.map((r) => r.code)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(usage.map((r) => r.stderr.trim().split('\n')[0])).toEqual([
      'Usage: npx bourse <command> [options]',
      'bourse: unknown command "rotate". Run "npx bourse help" for the list.',
      'bourse rerun-job: unknown job "equity-snapshots"; the daily jobs are swap-rollover, savings-interest, marketplace-renewals',
      'bourse rerun-job: --day is required: rerun-job <job> --day YYYY-MM-DD',
      'bourse rerun-job: --day must be a date as YYYY-MM-DD, not "2025-02-30"',
      `bourse rerun-job: --day ${utcDay(Date.now() + 2 * DAY_MS)} is in the future`,
      "bourse ledger-check: Unknown option '--all'",
    ]);
  }, 60_000);

  it('charges the swaps of a rollover the worker missed once, however often it is run for that day', async () => {
    const first = await bourse(['rerun-job', 'swap-rollover', '--day', missedDay]);
    expect(first, first.stderr).toMatchObject({ code: 0, stdout: `swap-rollover for ${missedDay}: 1 position(s) charged.\n` });
    const again = await bourse(['rerun-job', 'swap-rollover', '--day', missedDay]);
    expect(again.stdout).toBe(`swap-rollover for ${missedDay}: 0 position(s) charged.\n`);
    const swaps = await server.ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.accountId, position.account_id), eq(journalEntries.kind, 'swap')));
    // 1 lot of EUR/USD held long at -3.2% a year: one night's charge, negative.
    expect(swaps.map((e) => e.reference)).toEqual([`swap:${position.trade_id}:${missedDay}`]);
    expect(Number(swaps[0]!.amount)).toBeLessThan(0);

    // A day before swaps were switched on is refused: the command did not do its work.
    const before = await bourse(['rerun-job', 'swap-rollover', '--day', utcDay(missedAt - 2 * DAY_MS)]);
    expect(before.code).toBe(1);
    expect(before.stderr).toMatch(/^bourse rerun-job: swaps are charged from .*; the rollover of \d{4}-\d{2}-\d{2} is before that\n$/);
  }, 60_000);

  it("pays a day's savings interest once, however often it is run for that day", async () => {
    expect((await bourse(['rerun-job', 'savings-interest', '--day', yesterday])).stdout).toBe(`savings-interest for ${yesterday}: 1 savings account(s) paid.\n`);
    expect((await bourse(['rerun-job', 'savings-interest', '--day', yesterday])).stdout).toBe(`savings-interest for ${yesterday}: 0 savings account(s) paid.\n`);
    const interest = await server.ctx.db.select().from(savingsEntries).where(and(eq(savingsEntries.userId, saverId), eq(savingsEntries.kind, 'interest')));
    // 500 at 3.65% a year: 0.05 a day.
    expect(interest.map((e) => [e.accrualDate, e.amount])).toEqual([[yesterday, '0.05']]);
  }, 60_000);

  it('checks the ledger and the audit chain: exit code 0 when they hold, 1 naming what broke', async () => {
    expect(await bourse(['ledger-check'])).toMatchObject({ code: 0, stdout: 'Ledger balanced: every balance is the sum of its journal, and no live balance is below zero.\n' });
    expect((await bourse(['verify-audit'])).stdout).toMatch(/^Audit log intact: \d+ entries, latest hash/);

    const account = eq(tradingAccounts.id, position.account_id);
    const [{ balance }] = (await server.ctx.db.select({ balance: tradingAccounts.balance }).from(tradingAccounts).where(account)) as [{ balance: string }];
    await server.ctx.db.update(tradingAccounts).set({ balance: sql`balance + 1` }).where(account);
    try {
      const broken = await bourse(['ledger-check']);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain('1 account(s) whose balance is not the sum of their journal:');
      expect(broken.stderr).toContain(`account ${position.account_id}: balance ${(Number(balance) + 1).toFixed(2)}, journal ${balance}`);
    } finally {
      await server.ctx.db.update(tradingAccounts).set({ balance }).where(account);
    }
  }, 60_000);

  it("writes a customer's data to a ZIP readable by its owner only, never over a file, and audits it", async () => {
    const out = path.join(dataDir, 'saver.zip');
    const byEmail = await bourse(['export-customer', '--email', saverEmail, '--out', out]);
    expect(byEmail.code, byEmail.stderr).toBe(0);
    expect(byEmail.stdout).toMatch(new RegExp(`^Wrote ${out}: \\d+ file\\(s\\), \\d+ bytes, the data of user ${saverId}\\.`));
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const data = JSON.parse(Buffer.from(unzipSync(new Uint8Array(readFileSync(out)))['data.json']!).toString('utf8'));
    expect(JSON.stringify(data)).toContain(saverEmail);
    const [entry] = rowsOf<{ actor_role: string; details: { by: string } }>(
      await server.ctx.db.execute(sql`SELECT actor_role, details FROM audit_log WHERE action = 'privacy.export_downloaded' AND user_id = ${saverId} ORDER BY id DESC LIMIT 1`),
    );
    expect(entry).toMatchObject({ actor_role: 'system', details: { by: 'cli' } });

    const [again, unknown, both, noFile] = await Promise.all([
      bourse(['export-customer', '--id', String(saverId), '--out', out]),
      bourse(['export-customer', '--id', '99999999', '--out', path.join(dataDir, 'none.zip')]),
      bourse(['export-customer', '--id', '1', '--email', saverEmail, '--out', out]),
      bourse(['export-customer', '--id', '1']),
    ]);
    expect(again).toMatchObject({ code: 1, stderr: `bourse export-customer: ${out} exists already; give another file.\n` });
    expect(unknown).toMatchObject({ code: 1, stderr: 'bourse export-customer: No user with id 99999999.\n' });
    expect(both).toMatchObject({ code: 2, stderr: 'bourse export-customer: give either --id or --email\n' });
    expect(noFile).toMatchObject({ code: 2, stderr: 'bourse export-customer: give the file to write with --out\n' });
  }, 60_000);

  it('answers exit code 3 when the configuration or the database lets nothing run, without the password', async () => {
    const unreachable = await bourse(['ledger-check'], { DATABASE_URL: 'postgres://operator:s3cret-pass@127.0.0.1:1/bourse' });
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toMatch(/^bourse ledger-check: cannot open postgres:\/\/operator:\*\*\*@127\.0\.0\.1:1\/bourse: /);
    expect(unreachable.stderr).not.toContain('s3cret-pass');
    const production = await bourse(['verify-audit'], { NODE_ENV: 'production', PUSHER_APP_SECRET: '' });
    expect(production).toMatchObject({ code: 3, stderr: 'bourse verify-audit: configuration: PUSHER_APP_SECRET must be set in production\n' });
  }, 60_000);
});

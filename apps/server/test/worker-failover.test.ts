import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { journalEntries, trades } from '../src/db/schema/index.ts';
import { rowsOf } from '../src/db/statement.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { childServerSetup, freePort, prepareCustomers, startChild, waitReady, type ChildServer } from './helpers/child-server.ts';
import { apiCall, type ApiCall, type ApiResponse, scratchPostgres, startServerFromSnapshot } from './helpers/test-server.ts';

// Two worker processes on one PostgreSQL database, prices shared over Redis. The active one is
// SIGKILLed while customers place orders whose take-profits and stop-losses the market crosses
// within a second or two.
const pgBase = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLIENTS = 16;
const SPREAD = 0.000088;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-failover-'));
const cleanups: (() => Promise<unknown> | unknown)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Node = { name: string; call: ApiCall; url: string; server: ChildServer };

describe.skipIf(!pgBase)('worker failover', () => {
  it('takes over within 5 s of a SIGKILL; every position closes once and the ledger adds up', { timeout: 240_000 }, async () => {
    const database = await scratchPostgres(pgBase!, 'bourse_failover');
    cleanups.push(() => database.drop());
    const { env: base, config } = childServerSetup(dataDir, database.url);
    const env = { ...base, REDIS_URL: redisUrl, PRICE_SOCKET_STREAM: `bourse:prices:failover-${randomBytes(4).toString('hex')}`, PRICE_TICK_SCALE: '10', METRICS_TOKEN: 'failover-metrics' };
    const { customers, asset } = await prepareCustomers(config, CLIENTS, 'failover');

    const start = async (name: string): Promise<Node> => {
      const port = await freePort();
      const server = startChild({ ...env, PORT: String(port) });
      cleanups.push(() => void (server.child.exitCode === null && server.child.kill('SIGKILL')));
      const url = `http://127.0.0.1:${port}`;
      const call = apiCall(url);
      await waitReady(call, server.output);
      return { name, call, url, server };
    };
    const lease = async (node: Node) => {
      const res = await fetch(`${node.url}/readyz`).catch(() => null);
      return res ? ((await res.json()) as { worker?: { lease: string; token?: number } }).worker : undefined;
    };
    const heldGauge = async (node: Node) => {
      const text = await (await fetch(`${node.url}/metrics`, { headers: { authorization: 'Bearer failover-metrics' } })).text();
      return Number(/^bourse_worker_leases_held\{lease="worker"\} (\S+)$/m.exec(text)?.[1]);
    };

    const until = async (what: () => Promise<boolean>) => {
      for (let i = 0; i < 300 && !(await what()); i++) await pause(50);
    };
    const a = await start('a');
    // A node started on a loaded machine may miss a renewal and take the lease again a second later.
    await until(async () => (await lease(a))?.lease === 'held');
    expect(await lease(a)).toMatchObject({ lease: 'held' });
    const b = await start('b');
    expect(await lease(b)).toMatchObject({ lease: 'standby' });
    expect([await heldGauge(a), await heldGauge(b)]).toEqual([1, 0]);
    const firstToken = (await lease(a))!.token!;

    // Each client sends its orders to either node; what gets no answer (the node died) is sent
    // again, with the same key, to the other. Each position then gets levels just either side of
    // its closing price, which the market crosses soon.
    let killed = false;
    let stopped = false;
    const keys = new Set<string>();
    const patches = new Map<number, number>();
    /** Position id → its owner's token. */
    const opened = new Map<number, string>();
    const send = async (preferred: Node, method: string, url: string, token: string, body: unknown, key?: string): Promise<ApiResponse> => {
      for (let attempt = 0; ; attempt++) {
        const node = killed || attempt % 2 === 1 ? b : preferred;
        const res = await node.call(method, url, { token, body, headers: key ? { 'idempotency-key': key } : {} }).catch(() => null);
        if (res && res.status !== 503) return res;
        await pause(100);
      }
    };
    const clients = customers.map(async (c, i) => {
      for (let n = 0; !stopped; n++) {
        const key = `failover-${i}-${n}`;
        keys.add(key);
        const side = n % 2 ? 'sell' : 'buy';
        const node = (i + n) % 2 ? b : a;
        const order = { type: side, volume: 0.01, opening_price: 1.1, id: asset.id, asset_symbol: asset.symbol, asset_name: asset.name };
        const placed = await send(node, 'POST', '/trades/store', c.token, order, key);
        if (placed.status !== 201) continue;
        const { id, opening_price: entry } = placed.body.data as { id: number; opening_price: number };
        opened.set(id, c.token);
        // Closing is at the other side of the spread (about 0.9 pip at 1.10): levels half a pip either side of it.
        const closing = side === 'buy' ? entry - SPREAD : entry + SPREAD;
        const away = (d: number) => Number((closing + d).toFixed(5));
        const levels = side === 'buy' ? { take_profit: away(0.00005), stop_loss: away(-0.00005) } : { take_profit: away(-0.00005), stop_loss: away(0.00005) };
        const patched = await send(node, 'PATCH', `/trade/${id}`, c.token, levels);
        patches.set(patched.status, (patches.get(patched.status) ?? 0) + 1);
        await pause(50);
      }
    });

    await pause(4000);
    const killedAt = performance.now();
    const killedWall = Date.now();
    a.server.child.kill('SIGKILL');
    killed = true;
    let takeoverMs = 0;
    for (;;) {
      const state = await lease(b);
      if (state?.lease === 'held') {
        takeoverMs = performance.now() - killedAt;
        expect(state.token).toBe(firstToken + 1);
        break;
      }
      if (performance.now() - killedAt > 15_000) throw new Error(`no takeover:\n${b.server.output()}`);
      await pause(25);
    }
    const openedBeforeTakeover = opened.size;
    await pause(4000);
    stopped = true;
    await Promise.all(clients);

    // Positions whose levels were refused (the price had moved past them) are closed by hand; the
    // others the risk engine closes.
    const checker = await startServerFromSnapshot({ ...config, runWorkers: false });
    cleanups.push(() => checker.close());
    const db = checker.ctx.db;
    const openRows = () => db.select({ id: trades.id, tp: trades.takeProfit }).from(trades).where(and(eq(trades.status, 'open'), like(trades.idempotencyKey, 'failover-%')));
    for (const row of await openRows()) {
      if (row.tp === null) await send(b, 'POST', `/trade/${row.id}/close`, opened.get(row.id)!, {});
    }
    for (let i = 0; i < 300 && (await openRows()).length > 0; i++) await pause(100);

    const rows = await db.select().from(trades).where(like(trades.idempotencyKey, 'failover-%'));
    const perKey = new Map<string, number>();
    for (const row of rows) perKey.set(row.idempotencyKey!, (perKey.get(row.idempotencyKey!) ?? 0) + 1);
    const realised = rowsOf<{ reference: string; n: number }>(
      await db.execute(sql`SELECT reference, count(*)::int AS n FROM journal_entries WHERE kind = 'realised_pnl' GROUP BY reference`),
    );
    const closedByTrigger = rows.filter((r) => r.closeReason === 'tp' || r.closeReason === 'sl');
    const firedByNewHolder = closedByTrigger.filter((r) => r.closeTime!.getTime() > killedWall);
    console.log(
      JSON.stringify({
        worker_failover: {
          takeover_ms: Math.round(takeoverMs),
          orders_sent: keys.size,
          positions: rows.length,
          opened_before_takeover: openedBeforeTakeover,
          closed_by_tp_sl: closedByTrigger.length,
          closed_by_tp_sl_after_kill: firedByNewHolder.length,
          levels_answers: Object.fromEntries(patches),
          reasons: Object.fromEntries(['manual', 'tp', 'sl'].map((k) => [k, rows.filter((r) => r.closeReason === k).length])),
        },
      }),
    );

    expect(takeoverMs).toBeLessThan(5000);
    expect(rows.length).toBeGreaterThan(CLIENTS);
    expect([...perKey.values()].every((n) => n === 1)).toBe(true);
    expect(rows.filter((r) => r.status !== 'closed')).toEqual([]);
    expect(realised.filter((r) => r.n > 1)).toEqual([]);
    expect(firedByNewHolder.length).toBeGreaterThan(0);
    // Every trigger close is at or beyond its level: the market crossed it.
    for (const r of closedByTrigger) {
      const price = Number(r.closingPrice);
      const level = Number(r.closeReason === 'tp' ? r.takeProfit : r.stopLoss);
      const up = (r.tradeType === 'buy') === (r.closeReason === 'tp');
      expect(up ? price >= level : price <= level, `trade ${r.id} closed by ${r.closeReason} at ${price}, level ${level}`).toBe(true);
    }
    expect(await unbalancedAccounts(db)).toEqual([]);
    expect(await db.select().from(journalEntries).where(and(eq(journalEntries.kind, 'realised_pnl'), sql`${journalEntries.reference} IS NULL`))).toEqual([]);

    b.server.child.kill('SIGTERM');
    await b.server.exited;
  });
});

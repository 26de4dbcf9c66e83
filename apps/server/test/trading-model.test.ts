import { Decimal } from 'decimal.js';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closingPrice, fillPrice, pendingHit, pendingPriceAllowed, stopLossHit, takeProfitHit, targetProblems, type PendingKind, type Side } from '@bourse/domain';
import { roundPrice } from '@bourse/contract';
import { journalEntries, trades } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { createSession } from '../src/modules/auth/auth.repository.ts';
import { createUser } from '../src/modules/auth/auth.service.ts';
import { AccountModel, modelAssetsOf, type ModelAsset, type ModelTrade } from './helpers/trading-model.ts';
import { tick, useManualMarket, type TestMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// 200 sequences of 20 steps by default; MODEL_RUNS / MODEL_STEPS scale it up.
const RUNS = Number(process.env.MODEL_RUNS ?? 200);
const STEPS = Number(process.env.MODEL_STEPS ?? 20);

let server: TestServer;
let market: TestMarket;
let modelAssets: ModelAsset[];
beforeAll(async () => {
  server = await startTestServer({ trading: { maxDeviationPct: 1, stopOutLevel: 50, riskSweepMs: 3_600_000, robotPassMs: 0 } });
  market = await useManualMarket(server);
  modelAssets = modelAssetsOf(market.instruments);
});
afterAll(() => server.close());

const asset = fc.integer({ min: 0, max: 2 });
const side = fc.constantFrom<Side>('buy', 'sell');
/** Uniform in [min, max] (fc.double favours extreme magnitudes, which would make most moves nil). */
const uniform = (min: number, max: number) => fc.integer({ min: 0, max: 10_000 }).map((n) => min + ((max - min) * n) / 10_000);
const offset = fc.option(uniform(-1, 1), { nil: null, freq: 2 });
const action = fc.oneof(
  { weight: 7, arbitrary: fc.record({ t: fc.constant('move' as const), asset, pct: uniform(-1, 1) }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('open' as const), asset, side, size: uniform(0, 1), tp: offset, sl: offset }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('pending' as const), asset, side, kind: fc.constantFrom<PendingKind>('limit', 'stop'), pct: uniform(-3, 3) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('close' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('partial' as const), pick: fc.nat(), share: uniform(0, 1) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('modify' as const), pick: fc.nat(), tp: offset, sl: offset }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), pick: fc.nat() }) },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

const quoteOf = (id: number) => market.prices.quote(id)!;
const setMid = (id: number, mid: number) => tick(market, id, mid * (1 - 0.0001), mid * (1 + 0.0001));
/** A level `pct` away from `base`, on the instrument's price grid as the server requires. */
const level = (ast: ModelAsset, base: number, pct: number | null) => (pct === null ? 0 : roundPrice(base * (1 + pct / 100), ast.digits));

type Ctx = { model: AccountModel; token: string; accountId: number; lastEntry: number };

async function newAccount(): Promise<Ctx> {
  const email = `model.${crypto.randomUUID()}@example.com`;
  const user = await createUser(server.ctx, { email, passwordHash: 'x', firstName: 'Model', lastName: 'Trader', username: 'model', role: 'customer', status: 'active' });
  const token = await createSession(server.ctx.db, user.id, 1);
  return { model: new AccountModel(quoteOf, market.instruments.usdjpy.id), token, accountId: user.accounts[0]!.id, lastEntry: await lastEntryId() };
}
const lastEntryId = async () => (await server.ctx.db.select({ id: sql<number>`coalesce(max(${journalEntries.id}), 0)` }).from(journalEntries))[0]!.id;
const pick = <T,>(list: T[], n: number) => list[n % Math.max(1, list.length)];
const call = (ctx: Ctx, method: string, path: string, body?: unknown) => server.call(method, path, { token: ctx.token, body });

function track(ctx: Ctx, data: { id: number; trade_id: string; status: 'open' | 'pending'; order_type: ModelTrade['kind']; lots: number; opening_price: number; margin: string; take_profit: number | null; stop_loss: number | null }, assetIndex: number, s: Side) {
  ctx.model.trades.set(data.id, {
    id: data.id, tradeId: data.trade_id, asset: modelAssets[assetIndex]!, side: s, status: data.status, kind: data.order_type,
    lots: new Decimal(data.lots), open: data.opening_price, margin: new Decimal(data.margin), tp: data.take_profit, sl: data.stop_loss,
  });
}

type Of<T extends Action['t']> = Extract<Action, { t: T }>;

/** A market order: filled at the ask or bid, or refused for bad levels or too little free margin. */
async function openStep(ctx: Ctx, a: Of<'open'>): Promise<void> {
  const ast = modelAssets[a.asset]!;
  const lots = Math.max(1, Math.round(a.size * ast.lotsMax)) / 100;
  const { fill, margin, fits } = ctx.model.marketOrder(ast, a.side, lots);
  const tp = level(ast, fill, a.tp);
  const sl = level(ast, fill, a.sl);
  const bad = targetProblems(a.side, fill, tp, sl);
  const res = await call(ctx, 'POST', '/trades/store', { type: a.side, id: ast.id, volume: lots, opening_price: fill, take_profit: tp, stop_loss: sl });
  expect(res.status, JSON.stringify(res.body)).toBe(bad.takeProfit || bad.stopLoss || !fits ? 422 : 201);
  if (res.status !== 201) return;
  expect(res.body.data).toMatchObject({ opening_price: fill, margin: margin.toFixed(2), lots });
  track(ctx, res.body.data, a.asset, a.side);
}

async function pendingStep(ctx: Ctx, a: Of<'pending'>): Promise<void> {
  const ast = modelAssets[a.asset]!;
  const price = level(ast, quoteOf(ast.id).price, a.pct);
  const res = await call(ctx, 'POST', '/trades/store', { type: a.side, id: ast.id, volume: 0.01, opening_price: price, order_type: a.kind, price });
  expect(res.status).toBe(pendingPriceAllowed(a.side, a.kind, price, quoteOf(ast.id)) ? 201 : 422);
  if (res.status === 201) track(ctx, res.body.data, a.asset, a.side);
}

/** A whole or partial close: P&L at the current closing price, settled into the balance. */
async function closeStep(ctx: Ctx, a: Of<'close'> | Of<'partial'>): Promise<void> {
  const { model } = ctx;
  const t = pick(model.open(), a.pick);
  if (!t) return;
  const lots = a.t === 'partial' ? Math.floor(a.share * t.lots.toNumber() * 100) / 100 : null;
  if (lots !== null && (lots < 0.01 || lots >= t.lots.toNumber())) return;
  const res = await call(ctx, 'POST', `/trade/${t.id}/close`, lots === null ? undefined : { volume: lots });
  expect(res.status).toBe(200);
  const pnl = model.pnlOf({ ...t, lots: lots === null ? t.lots : new Decimal(lots) });
  expect(res.body.data).toMatchObject({ status: 'closed', pnl: pnl.toFixed(2), closing_price: closingPrice(t.side, quoteOf(t.asset.id)) });
  if (lots !== null) {
    t.margin = t.margin.minus(res.body.data.margin);
    t.lots = t.lots.minus(lots);
  }
  model.settle(pnl, lots === null ? t.id : undefined);
  if (lots === null) model.trades.delete(t.id);
}

async function modifyStep(ctx: Ctx, a: Of<'modify'>): Promise<void> {
  const t = pick(ctx.model.open(), a.pick);
  if (!t) return;
  const ref = closingPrice(t.side, quoteOf(t.asset.id));
  const tp = level(t.asset, ref, a.tp);
  const sl = level(t.asset, ref, a.sl);
  const bad = targetProblems(t.side, ref, tp, sl);
  const res = await call(ctx, 'PATCH', `/trade/${t.id}`, { take_profit: tp, stop_loss: sl });
  expect(res.status).toBe(bad.takeProfit || bad.stopLoss ? 422 : 200);
  if (res.status === 200) Object.assign(t, { tp: tp || null, sl: sl || null });
}

async function cancelStep(ctx: Ctx, a: Of<'cancel'>): Promise<void> {
  const t = pick(ctx.model.pending(), a.pick);
  if (!t) return;
  expect((await call(ctx, 'POST', `/trade/${t.id}/cancel`)).status).toBe(200);
  ctx.model.trades.delete(t.id);
}

async function step(ctx: Ctx, a: Action): Promise<void> {
  if (a.t === 'move') return move(ctx, modelAssets[a.asset]!, a.pct);
  if (a.t === 'open') await openStep(ctx, a);
  else if (a.t === 'pending') await pendingStep(ctx, a);
  else if (a.t === 'close' || a.t === 'partial') await closeStep(ctx, a);
  else if (a.t === 'modify') await modifyStep(ctx, a);
  else await cancelStep(ctx, a);
  await market.engine.idle();
  await reloadModel(ctx, true);
}

/** A price move: every crossed trigger acted on at the tick's price; stop-out closes largest losers first. */
async function move(ctx: Ctx, ast: ModelAsset, pct: number): Promise<void> {
  const { model } = ctx;
  const before = [...model.trades.values()];
  await setMid(ast.id, quoteOf(ast.id).price * (1 + (pct * ast.movePct) / 100));
  const q = quoteOf(ast.id);
  const rows = new Map((await server.ctx.db.select().from(trades).where(inArray(trades.id, before.length ? before.map((t) => t.id) : [0]))).map((r) => [r.id, r]));
  const stoppedOut: Decimal[] = [];
  for (const t of before) {
    const row = rows.get(t.id)!;
    const mine = t.asset.id === ast.id;
    if (t.status === 'pending') {
      const hit = mine && pendingHit(t.side, t.kind as PendingKind, t.open, q);
      if (!hit) expect(row.status).toBe('pending');
      else if (row.status === 'open') expect(Number(row.openingPrice)).toBe(fillPrice(t.side, q));
      else expect(row).toMatchObject({ status: 'cancelled', closeReason: 'no_margin' });
      continue;
    }
    const expectedReason = mine && t.tp !== null && takeProfitHit(t.side, t.tp, q) ? 'tp' : mine && t.sl !== null && stopLossHit(t.side, t.sl, q) ? 'sl' : null;
    if (row.status === 'open') {
      expect(expectedReason, `trade ${t.id} should have closed`).toBeNull();
      continue;
    }
    expect([expectedReason, 'stop_out']).toContain(row.closeReason);
    const pnl = model.pnlOf(t);
    expect(row).toMatchObject({ status: 'closed', pnl: pnl.toFixed(2) });
    expect(Number(row.closingPrice)).toBe(closingPrice(t.side, quoteOf(t.asset.id)));
    if (row.closeReason === 'stop_out') stoppedOut.push(pnl);
  }
  await reloadModel(ctx);
  const worstKept = Decimal.min(...model.open().map((t) => model.pnlOf(t)), new Decimal(Infinity));
  for (const pnl of stoppedOut) expect(pnl.lessThanOrEqualTo(worstKept)).toBe(true);
  const level = model.summary().marginLevel;
  if (level !== null) expect(level).toBeGreaterThan(50 - 0.01);
}

/**
 * Takes the account's live trades and balance from the database (after the callers checked the
 * transitions), checks the journal entries written since the last step and the ledger invariants.
 * With `same`, the database must equal the model exactly.
 */
async function reloadModel(ctx: Ctx, same = false): Promise<void> {
  const { model } = ctx;
  const live = await server.ctx.db.select().from(trades).where(and(eq(trades.accountId, ctx.accountId), inArray(trades.status, ['open', 'pending'])));
  if (same) {
    const expected = [...model.trades.values()].map((t) => [t.id, t.status, t.lots.toFixed(2)]).sort();
    expect(live.map((r) => [r.id, r.status, r.lots]).sort()).toEqual(expected);
  }
  const next = new Map<number, ModelTrade>();
  for (const row of live) {
    const t = model.trades.get(row.id)!;
    next.set(row.id, { ...t, status: row.status as 'open' | 'pending', open: Number(row.openingPrice), margin: new Decimal(row.margin) });
  }
  model.trades = next;
  const entries = await server.ctx.db.select().from(journalEntries).where(and(eq(journalEntries.accountId, ctx.accountId), gt(journalEntries.id, ctx.lastEntry)));
  for (const e of entries) {
    if (e.kind === 'correction') expect(e.balanceAfter).toBe('0.00');
    else expect(e.kind).toBe('realised_pnl');
  }
  ctx.lastEntry = entries.at(-1)?.id ?? ctx.lastEntry;
  const balance = await expectLedgerInvariants(ctx.accountId);
  if (same) expect(balance).toBe(model.balance.toFixed(2));
  model.balance = new Decimal(balance);
}

/**
 * Balance = sum of the journal and never negative, for one account (after each step) or for every
 * account (after each sequence). Returns the account's balance.
 */
async function expectLedgerInvariants(accountId?: number): Promise<string> {
  const [row] = await server.ctx.database.session((s) =>
    s.query<{ unbalanced: number; negative: number; balance: string | null }>(
      `SELECT count(*) FILTER (WHERE a.balance <> coalesce((SELECT sum(j.amount) FROM journal_entries j WHERE j.account_id = a.id), 0))::int AS unbalanced,
              count(*) FILTER (WHERE a.balance < 0)::int AS negative,
              max(a.balance)::text AS balance
         FROM trading_accounts a WHERE $1::int IS NULL OR a.id = $1`,
      [accountId ?? null],
    ),
  );
  expect({ unbalanced: row!.unbalanced, negative: row!.negative }).toEqual({ unbalanced: 0, negative: 0 });
  if (accountId === undefined) expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  return new Decimal(row!.balance ?? 0).toFixed(2);
}

it(`matches the model over ${RUNS} random sequences of ${STEPS} steps`, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: STEPS, maxLength: STEPS }), async (actions) => {
      for (const [a, mid] of modelAssets.map((m, i) => [m, [1.1, 60_000, 150][i]!] as const)) await setMid(a.id, mid);
      const ctx = await newAccount();
      for (const a of actions) {
        await step(ctx, a);
      }
      await call(ctx, 'POST', '/trades/close-all');
      for (const t of ctx.model.pending()) await call(ctx, 'POST', `/trade/${t.id}/cancel`);
      await market.engine.idle();
      await expectLedgerInvariants();
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  // The sequences reach every engine path, not only the easy ones.
  const outcomes = await server.ctx.db
    .select({ reason: trades.closeReason, n: sql<number>`count(*)::int` })
    .from(trades)
    .groupBy(trades.closeReason);
  const seen = Object.fromEntries(outcomes.map((o) => [o.reason ?? 'open', o.n]));
  if (RUNS >= 100) for (const reason of ['manual', 'tp', 'sl', 'stop_out']) expect(seen[reason] ?? 0).toBeGreaterThan(0);
  console.info('model outcomes', JSON.stringify(seen));
}, 600_000);

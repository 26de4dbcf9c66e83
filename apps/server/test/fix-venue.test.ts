import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FixVenue, type VenueOrder } from '../src/modules/market/venue/fix-venue.ts';
import { startTool, type ToolProcess } from './helpers/tool-process.ts';

// A FixVenue against tools/fix-lp in a child process over TCP: the provider fills IOC and FOK orders
// at its best price, by the rule set on its stdin, and prints a JSON line for each order it takes.
const CREDENTIALS = { username: 'bourse', password: 'not-a-secret' };
const COMP_ID = 'BOURSE-ORD';

type OrderEvent = { comp_id: string; cl_ord_id: string; side: string; symbol: string; status: string; cum_qty: number; avg_px: number; bid: number; ask: number; held: boolean; text?: string };

const LP_ARGS = ['--port', '0', '--symbols', 'EUR/USD,BTC/USD', '--rate', '20', '--comp-id', 'LP', '--username', CREDENTIALS.username, '--password', CREDENTIALS.password];

/** Sends a control command to the simulator and waits for its answer. */
const control = (command: string) => lp.command(command);

const ordersAt = (clOrdId: string) => lp.events.flatMap((e) => (e.order && (e.order as OrderEvent).cl_ord_id === clOrdId ? [e.order as OrderEvent] : []));
/** The one order the provider took with this ClOrdID: its line on stdout may come after its report on the socket. */
const lpOrder = (clOrdId: string) =>
  vi.waitFor(() => {
    const found = ordersAt(clOrdId);
    expect(found).toHaveLength(1);
    return found[0]!;
  });
const duplicatesAt = (clOrdId: string) => lp.events.filter((e) => e.order_duplicate && (e.order_duplicate as { cl_ord_id: string }).cl_ord_id === clOrdId);

let ids = 0;
const order = (fields: Partial<VenueOrder> = {}): VenueOrder => ({
  clOrdId: `T-${++ids}`,
  symbol: 'BTC/USD',
  side: 'buy',
  quantity: 0.5,
  limitPrice: null,
  timeInForce: 'IOC',
  ...fields,
});

let dir: string;
let lp: ToolProcess;
let venue: FixVenue;

beforeAll(async () => {
  lp = await startTool('fix-lp/main.ts', LP_ARGS);
  dir = mkdtempSync(path.join(tmpdir(), 'bourse-fix-venue-'));
  venue = new FixVenue({
    name: 'lp-orders',
    host: '127.0.0.1',
    port: lp.port,
    senderCompId: COMP_ID,
    targetCompId: 'LP',
    ...CREDENTIALS,
    reconnectSeconds: 0.2,
    dataDir: dir,
  });
  venue.connect();
  await vi.waitFor(() => expect(venue.connected).toBe(true), { timeout: 10_000, interval: 50 });
});

afterAll(async () => {
  await venue?.stop();
  lp?.child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('orders to a FIX liquidity provider', () => {
  it('fills a market order at the provider’s price, and a limit order the market is within', async () => {
    const buy = order();
    const bought = await venue.send(buy, 3000);
    const atLp = await lpOrder(buy.clOrdId);
    expect(atLp).toMatchObject({ comp_id: COMP_ID, side: 'buy', status: 'filled', cum_qty: 0.5 });
    // A buy takes the ask.
    expect(bought).toEqual({ status: 'filled', filledQuantity: 0.5, averagePrice: atLp.ask });

    const sell = order({ side: 'sell', quantity: 0.25, limitPrice: atLp.bid * 0.99, timeInForce: 'FOK' });
    const sold = await venue.send(sell, 3000);
    const soldAt = await lpOrder(sell.clOrdId);
    expect(sold).toEqual({ status: 'filled', filledQuantity: 0.25, averagePrice: soldAt.bid });
    expect(sold.averagePrice).toBeGreaterThanOrEqual(sell.limitPrice!);
  });

  it('rejects a limit the market is beyond, and a symbol the provider does not quote', async () => {
    expect(await venue.send(order({ limitPrice: 1000 }), 3000)).toMatchObject({ status: 'rejected', filledQuantity: 0, averagePrice: null, text: expect.stringMatching(/^price outside the limit: ask \d/) });
    const unknown = order({ symbol: 'XYZ/USD' });
    expect(await venue.send(unknown, 3000)).toEqual({ status: 'rejected', filledQuantity: 0, averagePrice: null, text: 'unknown symbol XYZ/USD' });
    expect(await lpOrder(unknown.clOrdId)).toMatchObject({ status: 'rejected', bid: null, ask: null });
  });

  it('fills part of an IOC order and cancels the rest; refuses a FOK order it cannot fill', async () => {
    await control('orders partial 0.5');
    try {
      const ioc = order({ quantity: 3 });
      const part = await venue.send(ioc, 3000);
      expect(part).toMatchObject({ status: 'partial', filledQuantity: 1.5, averagePrice: (await lpOrder(ioc.clOrdId)).ask });
      expect(part.text).toMatch(/cancelled/);
      expect(await venue.send(order({ quantity: 3, timeInForce: 'FOK' }), 3000)).toMatchObject({ status: 'rejected', filledQuantity: 0, text: 'only 1.5 of 3 available: fill or kill' });
    } finally {
      await control('orders fill');
    }
  });

  it('passes on the provider’s reject with its text', async () => {
    await control('orders reject credit line exhausted');
    try {
      expect(await venue.send(order(), 3000)).toEqual({ status: 'rejected', filledQuantity: 0, averagePrice: null, text: 'credit line exhausted' });
    } finally {
      await control('orders fill');
    }
  });

  it('answers a ClOrdID sent twice with the first order, which the provider took once', async () => {
    const twice = order({ side: 'sell', quantity: 0.1 });
    const first = await venue.send(twice, 3000);
    expect(first.status).toBe('filled');
    expect(await venue.send(twice, 3000)).toEqual(first);
    await vi.waitFor(() => expect(duplicatesAt(twice.clOrdId)).toHaveLength(1));
    expect(ordersAt(twice.clOrdId)).toHaveLength(1);
  });

  it('says unknown when the answer does not come, and status() then finds the one order filled', async () => {
    await control('orders hold');
    const lost = order({ quantity: 0.2 });
    let released = false;
    try {
      const started = Date.now();
      expect(await venue.send(lost, 400)).toMatchObject({ status: 'unknown', filledQuantity: 0, averagePrice: null });
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      expect(await lpOrder(lost.clOrdId)).toMatchObject({ held: true, status: 'filled' });
      expect(await control('orders release')).toMatchObject({ released: 1, hold: false });
      released = true;
    } finally {
      if (!released) await control('orders release');
    }
    const found = await venue.status(lost.clOrdId, lost.symbol, lost.side);
    expect(found).toEqual({ status: 'filled', filledQuantity: 0.2, averagePrice: (await lpOrder(lost.clOrdId)).ask });
    // Settled by asking: no second order.
    expect(ordersAt(lost.clOrdId)).toHaveLength(1);
    expect(await venue.status('never-sent', 'BTC/USD', 'buy')).toEqual({ status: 'rejected', filledQuantity: 0, averagePrice: null, text: 'unknown order' });
  });

  it('waits out a slow provider', async () => {
    await control('orders slow 300');
    try {
      const started = Date.now();
      expect(await venue.send(order({ symbol: 'EUR/USD', quantity: 10_000 }), 3000)).toMatchObject({ status: 'filled', filledQuantity: 10_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await control('orders slow 0');
    }
  });

  it('reports the net of the fills as positions', async () => {
    const expected = new Map<string, number>();
    for (const e of lp.events) {
      const o = e.order as OrderEvent | undefined;
      if (!o || o.comp_id !== COMP_ID || o.cum_qty <= 0) continue;
      expected.set(o.symbol, (expected.get(o.symbol) ?? 0) + (o.side === 'buy' ? o.cum_qty : -o.cum_qty));
    }
    // 0.5 − 0.25 + 1.5 − 0.1 + 0.2 on BTC/USD, and the EUR/USD buy.
    expect(expected.get('BTC/USD')).toBeCloseTo(1.85, 8);
    const positions = await venue.positions();
    expect([...positions.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [symbol, net] of expected) expect(positions.get(symbol)).toBeCloseTo(net, 8);
  });

  it('reconnects after the provider drops the connection, going on with its sequence numbers', async () => {
    expect(await control('drop')).toMatchObject({ sessions: 1 });
    await expect.poll(() => venue.logons, { timeout: 5000 }).toBe(2);
    expect(venue.connected).toBe(true);
    expect(venue.lastError).toBeTruthy();
    const logons = lp.events.flatMap((e) => (e.logon && (e.logon as { comp_id: string }).comp_id === COMP_ID ? [e.logon as { seq: number; reset: boolean }] : []));
    expect(logons).toHaveLength(2);
    expect(logons[1]).toMatchObject({ reset: false });
    expect(logons[1]!.seq).toBeGreaterThan(10);
    const stored = readFileSync(path.join(dir, 'fix', 'lp-orders', `FIX.4.4-${COMP_ID}-LP.seqnums`), 'utf8');
    expect(Number(stored.split(':')[0])).toBeGreaterThan(logons[1]!.seq);

    const after = order();
    expect(await venue.send(after, 3000)).toMatchObject({ status: 'filled', filledQuantity: 0.5 });
    // The provider's orders are the session's, not the connection's: one from before the drop is found.
    expect(await venue.status('T-1', 'BTC/USD', 'buy')).toMatchObject({ status: 'filled', filledQuantity: 0.5 });
  });

  it('answers unknown at once when the connection drops before the answer; the same ClOrdID then settles it', async () => {
    await control('orders hold');
    const inFlight = order({ side: 'sell', quantity: 0.3 });
    const started = Date.now();
    try {
      const result = venue.send(inFlight, 5000);
      await lpOrder(inFlight.clOrdId);
      await control('drop');
      expect(await result).toMatchObject({ status: 'unknown', filledQuantity: 0, text: expect.stringMatching(/^connection lost before the final answer/) });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await control('orders release');
    }
    await expect.poll(() => venue.logons, { timeout: 5000 }).toBe(3);
    // Sent again, the order is not traded again: the provider answers with the first one.
    expect(await venue.send(inFlight, 3000)).toEqual({ status: 'filled', filledQuantity: 0.3, averagePrice: (await lpOrder(inFlight.clOrdId)).bid });
    await vi.waitFor(() => expect(duplicatesAt(inFlight.clOrdId)).toHaveLength(1));
    expect(ordersAt(inFlight.clOrdId)).toHaveLength(1);
  });
});

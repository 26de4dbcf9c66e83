// Risk-engine tick path: 100,000 resting take-profit/stop-loss triggers (50,000 positions) across
// 2,000 instruments, plus the stop-out thresholds of their 10,000 accounts, in the engine's own
// RiskBook. Measures per-tick evaluation when nothing fires (p50/p99) and ticks per second on one
// core, beside two peers in the same run: a linear scan of every resting trigger (cost grows with
// positions held) and a scan of the ticked instrument's triggers only. Then the same for price
// alerts: 100,000 held (level crossings and moves within 5 min to 24 h) in the alert engine's own
// AlertBook, beside the same book holding 1,000 (the cost should not follow what is held), a
// linear scan of every alert and a scan of the ticked instrument's alerts. Prints JSON.
//   node bench/triggers.ts [--ticks 1000000]
import { alertWindowMs, alertWindows } from '../packages/contract/src/alerts.ts';
import { AlertBook, type AlertRule } from '../apps/server/src/modules/alerts/alert-book.ts';
import { RiskBook } from '../apps/server/src/modules/trading/risk-book.ts';
import type { TradeRow } from '../apps/server/src/modules/trading/trades.repository.ts';

const INSTRUMENTS = 2_000;
const ACCOUNTS = 10_000;
const POSITIONS_PER_ACCOUNT = 5;
const argv = process.argv.slice(2);
const TICKS = Number(argv[argv.indexOf('--ticks') + 1] || 1_000_000);

// A small deterministic generator, so every run sees the same book and the same ticks.
let seed = 42;
const rand = () => ((seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);

const mid = new Float64Array(INSTRUMENTS + 1).fill(100);
const book = new RiskBook(50);
book.rates.set('USD>USD', 1);
type Flat = { assetId: number; bidSide: boolean; up: boolean; level: number };
const flat: Flat[] = [];
const perInstrument = new Map<number, Flat[]>();
let id = 0;

function row(accountId: number, assetId: number, side: 'buy' | 'sell'): TradeRow {
  const open = 100;
  const tp = side === 'buy' ? 105 + rand() * 5 : 95 - rand() * 5;
  const sl = side === 'buy' ? 95 - rand() * 5 : 105 + rand() * 5;
  for (const [level, isTp] of [[tp, true], [sl, false]] as const) {
    const t = { assetId, bidSide: side === 'buy', up: side === 'buy' ? isTp : !isTp, level };
    flat.push(t);
    perInstrument.set(assetId, [...(perInstrument.get(assetId) ?? []), t]);
  }
  const text = (n: number) => String(n);
  return {
    id: ++id, tradeId: `T${id}`, userId: accountId, accountId, parentId: null, assetId, assetSymbol: `A${assetId}`, assetName: `A${assetId}`,
    quoteCurrency: 'USD', tradeType: side, orderType: 'market', status: 'open', volume: '1000', lots: '0.01', contractSize: '100000',
    margin: '5.00', leverage: 20, openingPrice: text(open), closingPrice: null, takeProfit: text(tp), stopLoss: text(sl), trailingStop: null,
    triggerPrice: null, requestedPrice: text(open), filledPrice: text(open), slippage: '0', spread: null, fillConversion: null, pipSize: null, latencyMs: 1, pnl: '0', swap: '0', commission: '0', closeCommission: '0', swapFree: false, markup: '0', closeReason: null,
    openTime: new Date(), closeTime: null, idempotencyKey: null, requestHash: null, firstResponse: null, venue: null, venueSymbol: null, createdAt: new Date(), updatedAt: new Date(),
  };
}

const quoteOf = (assetId: number) => ({ assetId, price: mid[assetId]!, bid: mid[assetId]! * 0.9999, ask: mid[assetId]! * 1.0001, ts: 0 });
for (let a = 1; a <= ACCOUNTS; a++) {
  const rows = Array.from({ length: POSITIONS_PER_ACCOUNT }, () => row(a, 1 + Math.floor(rand() * INSTRUMENTS), rand() < 0.5 ? 'buy' : 'sell'));
  book.load({ id: a, userId: a, currency: 'USD', balance: '10000' }, rows);
  book.needsStopOut(a, quoteOf);
}

// Ticks move prices by up to ±1%: nothing rests that close, so nothing fires.
const tickAsset = new Int32Array(TICKS);
const tickBid = new Float64Array(TICKS);
const tickAsk = new Float64Array(TICKS);
for (let i = 0; i < TICKS; i++) {
  const a = 1 + Math.floor(rand() * INSTRUMENTS);
  const price = 100 * (1 + (rand() - 0.5) * 0.02);
  tickAsset[i] = a;
  tickBid[i] = price * 0.9999;
  tickAsk[i] = price * 1.0001;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** Runs `evaluate` on every tick: throughput over the whole run, and per-tick latency on a sample. */
function measure(name: string, evaluate: (i: number) => number, ticks = TICKS) {
  let fired = 0;
  for (let i = 0; i < Math.min(ticks, 20_000); i++) fired += evaluate(i);
  const start = process.hrtime.bigint();
  for (let i = 0; i < ticks; i++) fired += evaluate(i);
  const elapsedNs = Number(process.hrtime.bigint() - start);
  const samples = Math.min(ticks, 200_000);
  const lat = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    const t0 = process.hrtime.bigint();
    fired += evaluate(i);
    lat[i] = Number(process.hrtime.bigint() - t0);
  }
  lat.sort();
  return {
    name,
    ticks,
    fired,
    ticksPerSecond: Math.round((ticks / elapsedNs) * 1e9),
    p50Us: Number((percentile(lat, 0.5) / 1000).toFixed(3)),
    p99Us: Number((percentile(lat, 0.99) / 1000).toFixed(3)),
    maxUs: Number((lat[lat.length - 1]! / 1000).toFixed(1)),
  };
}

const crossed = (t: Flat, bid: number, ask: number) => {
  const price = t.bidSide ? bid : ask;
  return t.up ? price >= t.level : price <= t.level;
};

const indexed = measure('price-indexed (RiskBook)', (i) => book.index.collect(tickAsset[i]!, tickBid[i]!, tickAsk[i]!).length);
const scanTicks = Math.min(TICKS, 2_000);
const linear = measure(
  'linear scan of every trigger',
  (i) => {
    let n = 0;
    const a = tickAsset[i]!;
    for (const t of flat) if (t.assetId === a && crossed(t, tickBid[i]!, tickAsk[i]!)) n++;
    return n;
  },
  scanTicks,
);
const perAsset = measure('scan of the ticked instrument', (i) => {
  let n = 0;
  for (const t of perInstrument.get(tickAsset[i]!) ?? []) if (crossed(t, tickBid[i]!, tickAsk[i]!)) n++;
  return n;
});

// Alerts: levels 5-10 % away and moves of 3-8 %, so ticks within ±1 % of 100 fire none.
const ALERTS = 100_000;
const FEW_ALERTS = 1_000;
type FlatAlert = { assetId: number; kind: 'level' | 'move'; above: boolean; level: number; pct: number; windowMs: number };
function alertRules(count: number): AlertRule[] {
  return Array.from({ length: count }, (_, i) => {
    const assetId = 1 + Math.floor(rand() * INSTRUMENTS);
    const above = rand() < 0.5;
    const base = { id: i + 1, userId: 1 + (i % ACCOUNTS), assetId, repeat: false, cooldownMs: 60_000, lastTriggeredAt: null };
    if (rand() < 0.8) return { ...base, kind: 'level', direction: above ? 'above' : 'below', level: above ? 105 + rand() * 5 : 95 - rand() * 5, percent: null, windowMs: null };
    const window = alertWindows[Math.floor(rand() * alertWindows.length)]!;
    return { ...base, kind: 'move', direction: above ? 'up' : 'down', level: null, percent: 3 + rand() * 5, windowMs: alertWindowMs[window] };
  });
}
function alertBook(rules: AlertRule[]): AlertBook {
  const book = new AlertBook(() => 100);
  for (const rule of rules) book.set(rule, 0);
  return book;
}
const manyAlerts = alertRules(ALERTS);
const alerts = alertBook(manyAlerts);
const fewAlerts = alertBook(alertRules(FEW_ALERTS));
const flatAlerts: FlatAlert[] = manyAlerts.map((r) => ({ assetId: r.assetId, kind: r.kind, above: r.direction === 'above' || r.direction === 'up', level: r.level ?? 0, pct: (r.percent ?? 0) / 100, windowMs: r.windowMs ?? 0 }));
const alertsPerInstrument = new Map<number, FlatAlert[]>();
for (const a of flatAlerts) alertsPerInstrument.set(a.assetId, [...(alertsPerInstrument.get(a.assetId) ?? []), a]);
// Ticks 10 µs apart in simulated time (the goal's 100,000 a second), so the move windows roll over
// as they would at that rate.
const tickMid = (i: number) => (tickBid[i]! + tickAsk[i]!) / 2;
// The scans' move reference: the instrument's low and high so far (cheaper than a real window, in their favour).
const lows = new Float64Array(INSTRUMENTS + 1).fill(100);
const highs = new Float64Array(INSTRUMENTS + 1).fill(100);
const scanAlert = (a: FlatAlert, price: number) =>
  a.kind === 'level' ? (a.above ? price >= a.level : price <= a.level) : a.above ? price / lows[a.assetId]! - 1 >= a.pct : 1 - price / highs[a.assetId]! >= a.pct;
const scanTick = (i: number, list: FlatAlert[]) => {
  const a = tickAsset[i]!;
  const price = tickMid(i);
  lows[a] = Math.min(lows[a]!, price);
  highs[a] = Math.max(highs[a]!, price);
  let n = 0;
  for (const t of list) if (t.assetId === a && scanAlert(t, price)) n++;
  return n;
};
const alertResults = [
  measure(`price-indexed (AlertBook, ${ALERTS} alerts)`, (i) => alerts.tick(tickAsset[i]!, tickMid(i), i / 100).length),
  measure(`price-indexed (AlertBook, ${FEW_ALERTS} alerts)`, (i) => fewAlerts.tick(tickAsset[i]!, tickMid(i), i / 100).length),
  measure('linear scan of every alert', (i) => scanTick(i, flatAlerts), scanTicks),
  measure("scan of the ticked instrument's alerts", (i) => scanTick(i, alertsPerInstrument.get(tickAsset[i]!) ?? [])),
];
const [alertIndexed, alertFew, alertLinear, alertPerAsset] = alertResults as [ReturnType<typeof measure>, ReturnType<typeof measure>, ReturnType<typeof measure>, ReturnType<typeof measure>];

console.log(
  JSON.stringify(
    {
      benchmark: 'triggers',
      instruments: INSTRUMENTS,
      positions: ACCOUNTS * POSITIONS_PER_ACCOUNT,
      restingTriggers: flat.length,
      indexEntries: book.index.size,
      goal: { p99Us: 20, ticksPerSecond: 100_000 },
      results: [indexed, linear, perAsset],
      ratio: {
        throughputVsLinearScan: Number((indexed.ticksPerSecond / linear.ticksPerSecond).toFixed(1)),
        throughputVsInstrumentScan: Number((indexed.ticksPerSecond / perAsset.ticksPerSecond).toFixed(2)),
      },
      met: indexed.p99Us <= 20 && indexed.ticksPerSecond >= 100_000,
      alerts: {
        held: alerts.size,
        levelAlerts: manyAlerts.filter((r) => r.kind === 'level').length,
        moveAlerts: manyAlerts.filter((r) => r.kind === 'move').length,
        goal: { p99Us: 20, ticksPerSecond: 100_000 },
        results: alertResults,
        ratio: {
          throughputVsLinearScan: Number((alertIndexed.ticksPerSecond / alertLinear.ticksPerSecond).toFixed(1)),
          throughputVsInstrumentScan: Number((alertIndexed.ticksPerSecond / alertPerAsset.ticksPerSecond).toFixed(2)),
          throughput100kVs1kHeld: Number((alertIndexed.ticksPerSecond / alertFew.ticksPerSecond).toFixed(2)),
        },
        met: alertIndexed.p99Us <= 20 && alertIndexed.ticksPerSecond >= 100_000,
      },
    },
    null,
    2,
  ),
);

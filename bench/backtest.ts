// Backtester throughput: a year of 1-minute bars (525,600) for one instrument through the
// moving-average crossover strategy in the domain backtester (strategy interface, fills at the next
// open with spreads, TP/SL checks, margin, stop-out, equity curve, report), beside a peer in the
// same run: the same crossover written inline as a plain loop over the arrays, no framework. Both
// must find the same trades; prints JSON with bars per second and the ratio.
//   node bench/backtest.ts [--bars 525600] [--runs 5]
import { type Bar, maCrossover, runBacktest, type Strategy } from '../packages/domain/src/index.ts';

const argv = process.argv.slice(2);
const arg = (name: string, def: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : def);
const BARS = arg('--bars', 525_600);
const RUNS = arg('--runs', 5);
const PARAMS = { lots: 0.1, fast: 20, slow: 80, maType: 'ema' as const };
const TERMS = { buySpread: 0.0001, sellSpread: 0.0001, contractSize: 100_000, leverage: 100, initialBalance: 100_000 };

// A deterministic random walk around 1.10, like a major FX pair minute by minute.
let seed = 7;
const rand = () => ((seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
const bars: Bar[] = [];
let price = 1.1;
for (let i = 0; i < BARS; i++) {
  const open = price;
  price *= 1 + (rand() - 0.5) * 0.0008;
  const wick = open * rand() * 0.0002;
  bars.push({ time: 1_700_000_040 + i * 60, open, high: Math.max(open, price) + wick, low: Math.min(open, price) - wick, close: price, volume: 1 });
}

function framework() {
  const r = runBacktest({ strategy: maCrossover as Strategy<unknown, unknown>, params: PARAMS, bars, ...TERMS });
  return { trades: r.tradeCount, net: r.netProfit };
}

/** The same crossover as a plain loop: EMAs seeded by their SMA, reverse on each cross at the next open. */
function plainLoop() {
  const { fast, slow, lots } = PARAMS;
  const units = lots * TERMS.contractSize;
  const kf = 2 / (fast + 1);
  const ks = 2 / (slow + 1);
  let ef = 0;
  let es = 0;
  let prevSign = 0;
  let pending = 0; // +1 go long, −1 go short at the next open
  let side = 0;
  let entry = 0;
  let net = 0;
  let trades = 0;
  for (let i = 0; i < bars.length; i++) {
    const b = bars[i];
    if (pending !== 0) {
      const ask = b.open * (1 + TERMS.buySpread);
      const bid = b.open * (1 - TERMS.sellSpread);
      if (side !== 0) {
        net += Math.round(side * units * ((side > 0 ? bid : ask) - entry) * 100) / 100;
        trades++;
      }
      side = pending;
      entry = side > 0 ? ask : bid;
      pending = 0;
    }
    const n = i + 1;
    ef = n < fast ? ef + b.close : n === fast ? (ef + b.close) / fast : b.close * kf + ef * (1 - kf);
    es = n < slow ? es + b.close : n === slow ? (es + b.close) / slow : b.close * ks + es * (1 - ks);
    if (n < slow) continue;
    const d = ef - es;
    const sign = d > 0 ? 1 : d < 0 ? -1 : prevSign;
    if (prevSign !== 0 && sign !== prevSign) pending = sign;
    prevSign = sign;
  }
  const last = bars[bars.length - 1];
  if (side !== 0) {
    const exit = side > 0 ? last.close * (1 - TERMS.sellSpread) : last.close * (1 + TERMS.buySpread);
    net += Math.round(side * units * (exit - entry) * 100) / 100;
    trades++;
  }
  return { trades, net: Math.round(net * 100) / 100 };
}

function measure(name: string, run: () => { trades: number; net: number }) {
  run();
  const times: number[] = [];
  let out = run();
  for (let r = 0; r < RUNS; r++) {
    const t0 = process.hrtime.bigint();
    out = run();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  return { name, ...out, medianMs: Number(median.toFixed(1)), bestMs: Number(times[0].toFixed(1)), barsPerSecond: Math.round((BARS / median) * 1000) };
}

const domain = measure('domain backtester (ma_crossover)', framework);
const peer = measure('plain loop over the array (same crossover inline)', plainLoop);
console.log(
  JSON.stringify(
    {
      benchmark: 'backtest',
      bars: BARS,
      strategy: { key: 'ma_crossover', ...PARAMS },
      goal: { ms: 5000 },
      results: [domain, peer],
      sameTrades: domain.trades === peer.trades && Math.abs(domain.net - peer.net) < 0.01 * Math.max(1, domain.trades),
      ratio: { peerSpeedOverDomain: Number((peer.barsPerSecond / domain.barsPerSecond).toFixed(2)) },
      met: domain.medianMs < 5000,
    },
    null,
    2,
  ),
);

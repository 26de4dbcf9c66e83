import { lotsProblem, lotsToUnits } from '../lots.ts';
import { margin } from '../margin.ts';
import { type Side, pnl, pnlDecimal, roundPrice } from '../pnl.ts';
import type { BacktestConfig, BacktestResult, CloseReason, SimPosition, SimTrade } from './backtest-types.ts';
import { cents, DrawdownTracker, sharpeFromDaily, tradeFigures } from './backtest-stats.ts';
import type { Bar, OrderIntent } from './types.ts';

export type { BacktestConfig, BacktestResult, CloseReason, SimTrade } from './backtest-types.ts';

/**
 * Runs a strategy over one instrument's bars with the engine's fill rules: intents of a bar fill at
 * the next bar's open with the spread applied, take-profit and stop-loss are checked against each
 * bar's high and low (a gap through a level fills at the open), an open that does not fit the free
 * margin is refused, and the account is stopped out at the stop-out margin level.
 */
export function runBacktest(config: BacktestConfig): BacktestResult {
  return new Simulation(config).run();
}

class Simulation {
  private readonly c: BacktestConfig;
  private readonly conv: number;
  private balance: number;
  private positions: SimPosition[] = [];
  private readonly trades: SimTrade[] = [];
  private nextId = 1;
  private refused = 0;
  private stoppedOut = false;
  private readonly drawdown = new DrawdownTracker();
  private readonly daily: number[] = [];
  private readonly curve: { time: number; equity: number }[] = [];

  constructor(config: BacktestConfig) {
    this.c = config;
    this.conv = config.conversion ?? 1;
    this.balance = config.initialBalance;
  }

  run(): BacktestResult {
    const { bars, strategy, params } = this.c;
    const every = Math.max(1, this.c.progressEvery ?? 10_000);
    const stride = Math.max(1, Math.ceil(bars.length / (this.c.maxEquityPoints ?? 2000)));
    let state = strategy.init(params);
    let pending: OrderIntent[] = [];
    let day = bars.length ? Math.floor(bars[0].time / 86_400) : 0;
    let equity = this.balance;
    this.daily.push(equity);
    for (let i = 0; i < bars.length; i++) {
      const bar = bars[i];
      const barDay = Math.floor(bar.time / 86_400);
      if (barDay !== day) {
        this.daily.push(equity);
        day = barDay;
      }
      if (pending.length) this.fill(pending, bar);
      if (this.positions.length) this.checkLevels(bar);
      if (this.positions.length) this.checkStopOut(bar);
      const step = strategy.onBar(state, { bar, positions: this.positions }, params);
      state = step.state;
      pending = step.intents;
      equity = this.equityAt(bar.close);
      this.drawdown.add(equity);
      if (i % stride === 0) this.curve.push({ time: bar.time, equity: cents(equity) });
      if (this.c.onProgress && (i + 1) % every === 0) this.c.onProgress(i + 1, bars.length);
    }
    return this.finish(bars[bars.length - 1]);
  }

  /** Price a side trades at from a mid price: buys pay the ask, sells receive the bid. */
  private priceFor(side: Side, mid: number): number {
    return roundPrice(side === 'buy' ? mid * (1 + this.c.buySpread) : mid * (1 - this.c.sellSpread));
  }

  /** Closing price of a position at mid `mid`: a buy sells at the bid, a sell buys back at the ask. */
  private exitFor(side: Side, mid: number): number {
    return this.priceFor(side === 'buy' ? 'sell' : 'buy', mid);
  }

  /** Balance plus open P&L at mid `mid` (valuation only, so prices are not rounded: this runs every bar). */
  private equityAt(mid: number): number {
    let equity = this.balance;
    const bid = mid * (1 - this.c.sellSpread);
    const ask = mid * (1 + this.c.buySpread);
    for (const p of this.positions) {
      equity += pnl({ side: p.side, units: p.units, openPrice: p.openPrice, closePrice: p.side === 'buy' ? bid : ask, conversion: this.conv });
    }
    return equity;
  }

  private usedMargin(): number {
    let used = 0;
    for (const p of this.positions) used += p.margin;
    return used;
  }

  /** Fills the previous bar's intents at this bar's open: closes first, so their margin is freed. */
  private fill(intents: readonly OrderIntent[], bar: Bar): void {
    for (const it of intents) {
      if (it.kind !== 'close') continue;
      const p = this.positions.find((x) => x.id === it.positionId);
      if (p) this.close(p, this.exitFor(p.side, bar.open), bar.time, 'signal');
    }
    for (const it of intents) if (it.kind === 'open') this.open(it, bar);
  }

  private open(it: Extract<OrderIntent, { kind: 'open' }>, bar: Bar): void {
    const openPrice = this.priceFor(it.side, bar.open);
    const required = margin({ lots: it.lots, contractSize: this.c.contractSize, rate: openPrice, leverage: this.c.leverage, conversion: this.conv });
    const free = this.equityAt(bar.open) - this.usedMargin();
    if (lotsProblem(it.lots) !== null || required > free) {
      this.refused++;
      return;
    }
    const id = String(this.nextId++);
    const units = lotsToUnits(it.lots, this.c.contractSize);
    const tp = it.takeProfit ?? 0;
    const sl = it.stopLoss ?? 0;
    this.positions.push({ id, side: it.side, lots: it.lots, openPrice, openTime: bar.time, units, margin: required, takeProfit: tp, stopLoss: sl, reason: it.reason });
  }

  private close(p: SimPosition, closePrice: number, time: number, closeReason: CloseReason): void {
    const settled = pnlDecimal({ side: p.side, units: p.units, openPrice: p.openPrice, closePrice, conversion: this.conv }).toNumber();
    this.balance += settled;
    this.positions = this.positions.filter((x) => x !== p);
    this.trades.push({
      id: Number(p.id),
      side: p.side,
      lots: p.lots,
      openTime: p.openTime,
      openPrice: p.openPrice,
      closeTime: time,
      closePrice,
      pnl: settled,
      closeReason,
      reason: p.reason,
    });
  }

  /**
   * Take-profit and stop-loss against the bar's range, on the price the position closes at. When
   * both lie inside one bar the stop-loss is assumed first (the bar does not tell the order).
   */
  private checkLevels(bar: Bar): void {
    for (let i = this.positions.length - 1; i >= 0; i--) {
      const p = this.positions[i]!;
      if (p.stopLoss <= 0 && p.takeProfit <= 0) continue;
      const buy = p.side === 'buy';
      // Comparisons on unrounded prices (this runs every bar); the fill price is rounded as the engine's.
      const exit = (mid: number) => (buy ? mid * (1 - this.c.sellSpread) : mid * (1 + this.c.buySpread));
      const open = exit(bar.open);
      const worst = exit(buy ? bar.low : bar.high);
      const best = exit(buy ? bar.high : bar.low);
      const slHit = p.stopLoss > 0 && (buy ? worst <= p.stopLoss : worst >= p.stopLoss);
      const tpHit = p.takeProfit > 0 && (buy ? best >= p.takeProfit : best <= p.takeProfit);
      if (slHit) {
        const gapped = buy ? open <= p.stopLoss : open >= p.stopLoss;
        this.close(p, roundPrice(gapped ? open : p.stopLoss), bar.time, 'sl');
      } else if (tpHit) {
        const gapped = buy ? open >= p.takeProfit : open <= p.takeProfit;
        this.close(p, roundPrice(gapped ? open : p.takeProfit), bar.time, 'tp');
      }
    }
  }

  /**
   * Stop-out on the bar's adverse extreme (low for a net buyer, high for a net seller, whichever is
   * worse): closes the largest loser first at that price until the margin level is above the limit.
   */
  private checkStopOut(bar: Bar): void {
    const limit = this.c.stopOutLevel ?? 50;
    const atLow = this.equityAt(bar.low);
    const atHigh = this.equityAt(bar.high);
    const used0 = this.usedMargin();
    if (used0 <= 0 || (Math.min(atLow, atHigh) / used0) * 100 > limit) return;
    const mid = atLow < atHigh ? bar.low : bar.high;
    while (this.positions.length) {
      const used = this.usedMargin();
      if (used <= 0 || (this.equityAt(mid) / used) * 100 > limit) return;
      let loser = this.positions[0];
      let worst = Number.POSITIVE_INFINITY;
      for (const p of this.positions) {
        const value = pnl({ side: p.side, units: p.units, openPrice: p.openPrice, closePrice: this.exitFor(p.side, mid), conversion: this.conv });
        if (value < worst) {
          worst = value;
          loser = p;
        }
      }
      this.stoppedOut = true;
      this.close(loser, this.exitFor(loser.side, mid), bar.time, 'stop_out');
    }
  }

  private finish(last: Bar | undefined): BacktestResult {
    if (last) {
      for (const p of this.positions.slice()) this.close(p, this.exitFor(p.side, last.close), last.time, 'end');
      if (this.curve.at(-1)?.time === last.time) this.curve.pop();
      this.curve.push({ time: last.time, equity: cents(this.balance) });
      this.daily.push(this.balance);
      this.c.onProgress?.(this.c.bars.length, this.c.bars.length);
    }
    const figures = tradeFigures(this.trades);
    return {
      bars: this.c.bars.length,
      initialBalance: this.c.initialBalance,
      finalEquity: cents(this.balance),
      netProfit: cents(this.balance - this.c.initialBalance),
      ...figures,
      maxDrawdown: cents(this.drawdown.max),
      maxDrawdownPct: Math.round(this.drawdown.maxPct * 100) / 100,
      tradeCount: this.trades.length,
      sharpe: sharpeFromDaily(this.daily),
      refusedIntents: this.refused,
      stoppedOut: this.stoppedOut,
      equity: this.curve,
      trades: this.trades,
    };
  }
}

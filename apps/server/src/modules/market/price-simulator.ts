import type { AssetSubcategory } from '@bourse/contract';
import { isSessionOpen, nextSessionOpen, type TradingSession } from '@bourse/domain';
import type { Instrument } from './market-state.ts';
import { hashString, nextNormal, nextUniform } from './prng.ts';

/** How an instrument class moves: mean ms between ticks, volatility per trading hour, notional per tick. */
export type Profile = { intervalMs: number; hourlyVol: number; notional: number };

export const profiles: Record<AssetSubcategory, Profile> = {
  major: { intervalMs: 700, hourlyVol: 0.0012, notional: 2_000_000 },
  minor: { intervalMs: 1000, hourlyVol: 0.0015, notional: 1_000_000 },
  exotic: { intervalMs: 2000, hourlyVol: 0.002, notional: 500_000 },
  crypto: { intervalMs: 600, hourlyVol: 0.006, notional: 50_000 },
  stock: { intervalMs: 4000, hourlyVol: 0.006, notional: 100_000 },
  etf: { intervalMs: 6000, hourlyVol: 0.004, notional: 50_000 },
  index: { intervalMs: 1000, hourlyVol: 0.003, notional: 500_000 },
  energy: { intervalMs: 1500, hourlyVol: 0.005, notional: 300_000 },
  agriculture: { intervalMs: 3000, hourlyVol: 0.004, notional: 100_000 },
  precious: { intervalMs: 1000, hourlyVol: 0.003, notional: 500_000 },
  industrial: { intervalMs: 3000, hourlyVol: 0.003, notional: 200_000 },
};

/** Receives each tick: instrument index, mid price, traded volume (units), tick time (ms). */
export type TickSink = (index: number, price: number, volume: number, at: number) => void;

const HOUR_MS = 3_600_000;
/** Prices drift back towards the reference with this half-life, so months of ticks stay plausible. */
const REVERSION_HALF_LIFE_MS = 14 * 24 * HOUR_MS;
/** After a stall (suspended process, debugger) the feed resumes from here instead of replaying everything. */
const MAX_CATCH_UP_MS = 60_000;

/** Memoises open/closed per session and minute: thousands of ticks share a handful of answers. */
class SessionClock {
  private readonly minute = new Map<TradingSession, number>();
  private readonly open = new Map<TradingSession, boolean>();
  private readonly reopen = new Map<TradingSession, [number, number]>();

  isOpen(session: TradingSession, at: number): boolean {
    if (session === 'always') return true;
    const minute = Math.floor(at / 60_000);
    if (this.minute.get(session) !== minute) {
      this.minute.set(session, minute);
      this.open.set(session, isSessionOpen(session, minute * 60_000));
    }
    return this.open.get(session)!;
  }

  nextOpen(session: TradingSession, at: number): number {
    const minute = Math.floor(at / 60_000);
    const cached = this.reopen.get(session);
    if (cached && cached[0] === minute) return cached[1];
    const value = Math.max(at, nextSessionOpen(session, minute * 60_000));
    this.reopen.set(session, [minute, value]);
    return value;
  }
}

/**
 * Seeded random-walk price feed. Each instrument has its own random stream (seed × symbol), so its
 * ticks depend only on the seed, its start price and the start time, never on how often `step`
 * is called or on the other instruments. No tick is made while the instrument's market is closed.
 */
export class PriceSimulator {
  private readonly instruments: Instrument[];
  private readonly rng: Uint32Array;
  private readonly nextAt: Float64Array;
  private readonly logPrice: Float64Array;
  private readonly logRef: Float64Array;
  private readonly sigma: Float64Array;
  private readonly interval: Float64Array;
  private readonly pull: Float64Array;
  private readonly enabled: Uint8Array;
  private readonly scale: Float64Array;
  private readonly clock = new SessionClock();

  constructor(instruments: Instrument[], opts: { seed: number; start: number; prices: ArrayLike<number>; tickScale?: number }) {
    const n = instruments.length;
    this.instruments = instruments;
    this.rng = new Uint32Array(n);
    [this.nextAt, this.logPrice, this.logRef, this.sigma, this.interval, this.pull, this.scale] = Array.from({ length: 7 }, () => new Float64Array(n));
    this.enabled = new Uint8Array(n);
    const tickScale = opts.tickScale ?? 1;
    instruments.forEach((inst, i) => {
      const profile = profiles[inst.category];
      this.rng[i] = hashString(inst.symbol, opts.seed);
      this.interval[i] = profile.intervalMs / tickScale;
      this.sigma[i] = profile.hourlyVol * Math.sqrt(profile.intervalMs / HOUR_MS);
      this.pull[i] = 1 - 0.5 ** (profile.intervalMs / REVERSION_HALF_LIFE_MS);
      this.logPrice[i] = Math.log(opts.prices[i]!);
      this.logRef[i] = Math.log(inst.refPrice);
      this.scale[i] = 10 ** inst.digits;
      this.enabled[i] = inst.enabled ? 1 : 0;
      this.nextAt[i] = opts.start + nextUniform(this.rng, i) * this.interval[i]!;
    });
  }

  /** Switches an instrument's feed on or off; a re-enabled instrument resumes from `now`. */
  setEnabled(index: number, enabled: boolean, now: number): void {
    if (enabled && !this.enabled[index]) this.nextAt[index] = Math.max(this.nextAt[index]!, now);
    this.enabled[index] = enabled ? 1 : 0;
  }

  /** Makes every tick due up to `now`, in time order per instrument. Returns how many ticks were made. */
  step(now: number, sink: TickSink): number {
    let ticks = 0;
    for (let i = 0; i < this.instruments.length; i++) {
      if (!this.enabled[i]) continue;
      let t = this.nextAt[i]!;
      if (now - t > MAX_CATCH_UP_MS) t = now - MAX_CATCH_UP_MS;
      const session = this.instruments[i]!.session;
      while (t <= now) {
        if (!this.clock.isOpen(session, t)) {
          t = this.clock.nextOpen(session, t) + this.gap(i);
          continue;
        }
        const price = this.move(i);
        const volume = (profiles[this.instruments[i]!.category].notional / price) * (0.2 + 1.6 * nextUniform(this.rng, i));
        sink(i, price, volume, t);
        ticks++;
        t += this.gap(i);
      }
      this.nextAt[i] = t;
    }
    return ticks;
  }

  /** Exponential wait until the next tick. */
  private gap(i: number): number {
    return -Math.log(1 - nextUniform(this.rng, i)) * this.interval[i]!;
  }

  private move(i: number): number {
    const log = this.logPrice[i]! + this.sigma[i]! * nextNormal(this.rng, i) + this.pull[i]! * (this.logRef[i]! - this.logPrice[i]!);
    this.logPrice[i] = log;
    const scale = this.scale[i]!;
    return Math.max(1 / scale, Math.round(Math.exp(log) * scale) / scale);
  }
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Side } from './pnl.ts';
import { pendingHit, pendingPriceAllowed, stopLossHit, takeProfitHit, targetProblems, trailStop, type PendingKind } from './trigger-rules.ts';

const side = fc.constantFrom<Side>('buy', 'sell');
const kind = fc.constantFrom<PendingKind>('limit', 'stop');
const price = fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 100);

describe('trigger sides', () => {
  it('wants a buy take-profit above and stop-loss below the fill; a sell reversed', () => {
    expect(targetProblems('buy', 100, 101, 99)).toEqual({ takeProfit: false, stopLoss: false });
    expect(targetProblems('buy', 100, 99, 101)).toEqual({ takeProfit: true, stopLoss: true });
    expect(targetProblems('sell', 100, 99, 101)).toEqual({ takeProfit: false, stopLoss: false });
    expect(targetProblems('sell', 100, 101, 99)).toEqual({ takeProfit: true, stopLoss: true });
    expect(targetProblems('buy', 100, 0, 0)).toEqual({ takeProfit: false, stopLoss: false });
  });

  it('wants buy limits below and buy stops above the market; sells reversed', () => {
    const m = { bid: 99, ask: 101 };
    expect(pendingPriceAllowed('buy', 'limit', 100, m)).toBe(true);
    expect(pendingPriceAllowed('buy', 'stop', 100, m)).toBe(false);
    expect(pendingPriceAllowed('sell', 'limit', 100, m)).toBe(true);
    expect(pendingPriceAllowed('sell', 'stop', 98, m)).toBe(true);
  });

  it('accepts exactly the levels that do not fire at once', () => {
    fc.assert(
      fc.property(side, price, price, (s, ref, level) => {
        const q = { bid: ref, ask: ref };
        const problems = targetProblems(s, ref, level, level);
        expect(problems.takeProfit).toBe(takeProfitHit(s, level, q));
        expect(problems.stopLoss).toBe(stopLossHit(s, level, q));
      }),
    );
  });

  it('fills an allowed pending order only once the market reaches its price', () => {
    fc.assert(
      fc.property(side, kind, price, price, price, (s, k, entry, now, later) => {
        const market = { bid: now, ask: now };
        fc.pre(pendingPriceAllowed(s, k, entry, market));
        expect(pendingHit(s, k, entry, market)).toBe(false);
        const reached = k === 'limit' ? (s === 'buy' ? later <= entry : later >= entry) : s === 'buy' ? later >= entry : later <= entry;
        expect(pendingHit(s, k, entry, { bid: later, ask: later })).toBe(reached);
      }),
    );
  });

  it('only ever moves a trailing stop in the trade’s favour', () => {
    fc.assert(
      fc.property(side, fc.array(price, { minLength: 1, maxLength: 30 }), (s, path) => {
        let stop: number | null = null;
        for (const p of path) {
          const next = trailStop(s, stop, 1, { bid: p, ask: p });
          if (stop !== null) expect(s === 'buy' ? next >= stop : next <= stop).toBe(true);
          stop = next;
        }
      }),
    );
  });
});

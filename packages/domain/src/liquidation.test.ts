import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accountSummary } from './account-summary.ts';
import { liquidationLevels, type LevelAccount, priceAtMarginLevel } from './liquidation.ts';
import { pnl } from './pnl.ts';

const eurusdLong = { side: 'buy' as const, units: 100_000, openPrice: 1.1, closePrice: 1.1, conversion: 1, onInstrument: true };

describe('priceAtMarginLevel', () => {
  it('solves one long position by hand', () => {
    // 10,000 USD, 1 lot EUR/USD long at 1.1000 with 1,100 margin (1:100).
    const account: LevelAccount = { balance: 10_000, positions: [eurusdLong], margin: 1_100 };
    // Stop-out at 50 %: equity 550 = 10,000 + 100,000 × (P − 1.1) → P = 1.1 − 0.0945.
    // Margin call at 100 %: equity 1,100 → P = 1.1 − 0.089.
    const levels = liquidationLevels(account, 1.1, { marginCall: 100, stopOut: 50 });
    expect(levels.stopOut).toBeCloseTo(1.0055, 10);
    expect(levels.marginCall).toBeCloseTo(1.011, 10);
  });

  it('solves several positions in several currencies by hand', () => {
    // The instrument: EUR/USD long 1 lot at 1.1 and short 0.4 lot at 1.105, quoted 1.0999/1.1001
    // (mid 1.1). Elsewhere: USD/JPY short 1 lot at 150, now 151 (−100,000 JPY, × 1/151 in USD),
    // and a coin up 500 USD. Balance 20,000; margin 3,000.
    const account: LevelAccount = {
      balance: 20_000,
      margin: 3_000,
      positions: [
        { side: 'buy', units: 100_000, openPrice: 1.1, closePrice: 1.0999, conversion: 1, onInstrument: true },
        { side: 'sell', units: 40_000, openPrice: 1.105, closePrice: 1.1001, conversion: 1, onInstrument: true },
        { side: 'sell', units: 100_000, openPrice: 150, closePrice: 151, conversion: 1 / 151, onInstrument: false },
        { side: 'buy', units: 1, openPrice: 60_000, closePrice: 60_500, conversion: 1, onInstrument: false },
      ],
    };
    // Fixed part: 20,000 − 100,000/151 + 500 + 100,000 × (−0.0001 − 1.1) − 40,000 × (0.0001 − 1.105)
    // = 20,500 − 662.25 − 110,010 + 44,196 = −45,976.25; slope 100,000 − 40,000 = 60,000; stop-out
    // at 50 % of 3,000: (1,500 + 45,976.25) / 60,000 = 0.79127.
    const fixed = 20_000 - 100_000 / 151 + 500 + 100_000 * (-0.0001 - 1.1) - 40_000 * (0.0001 - 1.105);
    const stopOut = (0.5 * 3_000 - fixed) / 60_000;
    expect(priceAtMarginLevel(account, 1.1, 50)).toBeCloseTo(stopOut, 10);
    expect(stopOut).toBeCloseTo(0.79127, 5);
  });

  it('reads the margin level the summary shows at the price it gives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ long: fc.boolean(), lots: fc.integer({ min: 1, max: 300 }), open: fc.double({ min: 0.9, max: 1.3, noNaN: true }) }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 5_000, max: 200_000 }),
        fc.integer({ min: 10, max: 150 }),
        (specs, balance, level) => {
          const mid = 1.1;
          const half = 0.0001;
          const positions = specs.map((s) => ({
            side: s.long ? ('buy' as const) : ('sell' as const),
            units: s.lots * 1_000,
            openPrice: s.open,
            closePrice: s.long ? mid - half : mid + half,
            conversion: 1,
            onInstrument: true,
          }));
          const margin = positions.reduce((m, p) => m + (p.units * p.openPrice) / 100, 0);
          const price = priceAtMarginLevel({ balance, positions, margin }, mid, level);
          if (price === null) return;
          const floating = positions.reduce((sum, p) => sum + pnl({ side: p.side, units: p.units, openPrice: p.openPrice, closePrice: p.side === 'buy' ? price - half : price + half }), 0);
          expect(accountSummary({ balance, credit: 0, margin, pnl: floating }).marginLevel).toBeCloseTo(level, 1);
        },
      ),
    );
  });

  it('has no level without exposure on the instrument or without margin', () => {
    expect(priceAtMarginLevel({ balance: 1_000, margin: 100, positions: [{ ...eurusdLong, onInstrument: false }] }, 1.1, 50)).toBeNull();
    expect(priceAtMarginLevel({ balance: 1_000, margin: 0, positions: [eurusdLong] }, 1.1, 50)).toBeNull();
    // A long so well funded that its stop-out would need a price below zero has none.
    expect(priceAtMarginLevel({ balance: 1_000_000, margin: 1_100, positions: [eurusdLong] }, 1.1, 50)).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountSummary, accountSummaryDecimal, formatMarginLevel, marginLevel } from './account-summary.ts';

const cents = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((c) => c / 100);
const positiveCents = fc.integer({ min: 1, max: 10_000_000 }).map((c) => c / 100);

describe('account summary', () => {
  it('derives equity, free margin and margin level (SPEC §9)', () => {
    const s = accountSummaryDecimal({ balance: '1000.00', credit: '50.00', margin: '200.00', pnl: '-25.50' });
    expect(s.equity.toFixed(2)).toBe('974.50');
    expect(s.freeMargin.toFixed(2)).toBe('774.50');
    expect(s.marginLevel).toBe(487.25);
    expect(formatMarginLevel(s.marginLevel)).toBe('487.25%');
  });

  it('shows ∞ when no margin is used', () => {
    expect(marginLevel(1000, 0)).toBeNull();
    expect(formatMarginLevel(accountSummary({ balance: 10, credit: 0, margin: 0, pnl: 0 }).marginLevel)).toBe('∞');
  });

  it('holds equity = balance + pnl and free margin = equity − margin for any figures', () => {
    fc.assert(
      fc.property(cents, cents, positiveCents, (balance, pnl, used) => {
        const s = accountSummaryDecimal({ balance, credit: 0, margin: used, pnl });
        expect(s.equity.minus(s.balance).minus(s.pnl).isZero()).toBe(true);
        expect(s.equity.minus(s.freeMargin).equals(s.margin)).toBe(true);
        const level = s.marginLevel!;
        expect(Math.abs(level - (s.equity.toNumber() / used) * 100)).toBeLessThanOrEqual(0.005 + Math.abs(level) * 1e-12);
        const float = accountSummary({ balance, credit: 0, margin: used, pnl });
        expect(float.freeMargin).toBeCloseTo(s.freeMargin.toNumber(), 6);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { reconciles, totalsByCategory } from './statement-totals.ts';

describe('totalsByCategory', () => {
  it('lists every group, folds kinds it does not name into other, and keeps cents exact', () => {
    expect(
      totalsByCategory([
        { kind: 'deposit', total: '100.10' },
        { kind: 'realised_pnl', total: '-0.20' },
        { kind: 'transfer', total: '-50.00' },
        { kind: 'savings_interest', total: '0.30' },
        { kind: 'purchase', total: '-9.99' },
        { kind: 'swap', total: '-1.05' },
      ]),
    ).toEqual({ deposits: '100.10', withdrawals: '0.00', realised_pnl: '-0.20', swaps: '-1.05', commissions: '0.00', dividends: '0.00', fees: '0.00', purchases: '-9.99', corrections: '0.00', other: '-49.70' });
  });
});

describe('reconciles', () => {
  it('adds the entries to the opening balance and compares with the last balance after', () => {
    expect(reconciles('10.00', [{ total: '0.10' }, { total: '0.20' }], '10.30')).toEqual({ closing: '10.30', ok: true });
    expect(reconciles('10.00', [{ total: '0.10' }], '10.30')).toEqual({ closing: '10.10', ok: false });
  });

  it('a month without entries closes at its opening balance', () => {
    expect(reconciles('42.00', [], null)).toEqual({ closing: '42.00', ok: true });
  });
});

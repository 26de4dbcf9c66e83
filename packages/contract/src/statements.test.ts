import { describe, expect, it } from 'vitest';
import { accountHistoryQuery, journalKindLabel, statementCategoryOf, statementParams } from './statements.ts';

describe('journalKindLabel', () => {
  it('names the known kinds and reads new ones as their words', () => {
    expect(journalKindLabel('realised_pnl')).toBe('Realised P&L');
    expect(journalKindLabel('correction')).toBe('Correction');
    expect(journalKindLabel('savings_interest')).toBe('Savings interest');
    expect(journalKindLabel('bonus-credit')).toBe('Bonus credit');
    expect(journalKindLabel('__')).toBe('Other');
  });
});

describe('statementCategoryOf', () => {
  it('groups the named kinds and puts the rest under other', () => {
    expect(['deposit', 'withdrawal', 'realised_pnl', 'swap', 'commission', 'dividend', 'fee', 'purchase', 'correction', 'transfer', 'savings_interest'].map(statementCategoryOf)).toEqual([
      'deposits', 'withdrawals', 'realised_pnl', 'swaps', 'commissions', 'dividends', 'fees', 'purchases', 'corrections', 'other', 'other',
    ]);
  });
});

describe('statement and history inputs', () => {
  it('accept a month file and a range, and refuse anything else', () => {
    expect(statementParams.safeParse({ id: '3', file: '2026-12.pdf' }).success).toBe(true);
    for (const file of ['2026-13.csv', '2026-00.pdf', '26-01.csv', '2026-01.xls', '2026-01.csv/../x']) expect(statementParams.safeParse({ id: 1, file }).success, file).toBe(false);
    expect(accountHistoryQuery.parse({})).toEqual({ range: '90d' });
    expect(accountHistoryQuery.safeParse({ range: '7d' }).success).toBe(false);
  });
});

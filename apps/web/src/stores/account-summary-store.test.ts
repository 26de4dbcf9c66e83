import { describe, expect, it } from 'vitest';
import { accountSummaryKey, livePnlOf } from './account-summary-store';

describe('live account P&L', () => {
  it('is the server figure until positions report', () => expect(livePnlOf(12.5, null)).toBe(12.5));
  it('is the live sum when every open position is loaded', () => expect(livePnlOf(12.5, { live: 20, snapshot: 12, complete: true })).toBe(20));
  it('moves the server figure by the loaded positions otherwise', () => expect(livePnlOf(100, { live: 20, snapshot: 12, complete: false })).toBe(108));
  it('is refreshed with the trades', () => expect(accountSummaryKey(3)).toEqual(['trades', 'summary', 3]));
});

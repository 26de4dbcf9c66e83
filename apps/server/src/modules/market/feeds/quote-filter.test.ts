import { describe, expect, it } from 'vitest';
import { QuoteFilter } from './quote-filter.ts';

const alwaysOpen = () => true;
const HALF_SPREAD = 0.01;

/** Feeds mids around 100 (moves of 1-2 hundredths) past the warm-up: volatility ≈ 1.3e-4, so K × it ≈ 0.1%. */
function warmedUp(filter: QuoteFilter, index = 0): number {
  const mids = [100, 100.01, 100, 100.02, 100.01, 100, 100.01, 100.03, 100.01, 100.02];
  expect(mids.map((mid, k) => filter.check(index, mid - HALF_SPREAD, mid + HALF_SPREAD, k))).toEqual(mids.map(() => 'accept'));
  return mids.length;
}

const quote = (filter: QuoteFilter, mid: number, at: number, index = 0) => filter.check(index, mid - HALF_SPREAD, mid + HALF_SPREAD, at);

describe('quote filter', () => {
  it('drops and counts invalid and crossed quotes, and accepts a zero spread', () => {
    const filter = new QuoteFilter({ instruments: 2, isOpen: alwaysOpen });
    expect(filter.check(1, Number.NaN, 1.1, 0)).toBe('invalid');
    expect(filter.check(1, 1.1, Number.NaN, 0)).toBe('invalid');
    expect(filter.check(1, 0, 1.1, 0)).toBe('invalid');
    expect(filter.check(1, -1, 1.1, 0)).toBe('invalid');
    expect(filter.check(1, 1.1, Number.POSITIVE_INFINITY, 0)).toBe('invalid');
    expect(filter.check(1, 1.2, 1.1, 0)).toBe('crossed');
    expect(filter.check(1, 1.1, 1.1, 0)).toBe('accept');
    expect(filter.check(0, 1.1, 1.0, 0)).toBe('crossed');
    expect(filter.drops(1)).toEqual({ invalid: 5, crossed: 1, closed: 0, spike: 0 });
    expect(filter.drops(0)).toEqual({ invalid: 0, crossed: 1, closed: 0, spike: 0 });
    expect(filter.totals()).toEqual({ invalid: 5, crossed: 2, closed: 0, spike: 0 });
    expect(filter.accepted(1)).toBe(1);
    expect(filter.accepted(0)).toBe(0);
    expect(filter.accepted()).toBe(1);
  });

  it('drops quotes outside trading hours', () => {
    const closesAt = 10_000;
    const seen: [number, number][] = [];
    const filter = new QuoteFilter({
      instruments: 2,
      isOpen: (index, at) => {
        seen.push([index, at]);
        return index === 1 || at < closesAt;
      },
    });
    expect(quote(filter, 100, closesAt - 1)).toBe('accept');
    expect(quote(filter, 100, closesAt)).toBe('closed');
    expect(quote(filter, 100, closesAt, 1)).toBe('accept');
    expect(seen).toEqual([
      [0, closesAt - 1],
      [0, closesAt],
      [1, closesAt],
    ]);
    expect(filter.drops(0).closed).toBe(1);
    expect(filter.drops(1).closed).toBe(0);
    expect(filter.totals().closed).toBe(1);
  });

  it('does not test for spikes during the warm-up', () => {
    const series = [100, 100, 100, 100, 110];
    const verdicts = (warmupQuotes: number) => {
      const filter = new QuoteFilter({ instruments: 1, isOpen: alwaysOpen, warmupQuotes });
      return series.map((mid, k) => quote(filter, mid, k));
    };
    // The 10% jump is the fifth quote: still warming up with 5, tested (and held) with 4.
    expect(verdicts(5)).toEqual(['accept', 'accept', 'accept', 'accept', 'accept']);
    expect(verdicts(4)).toEqual(['accept', 'accept', 'accept', 'accept', 'hold']);
  });

  it('holds a single spike and drops it when the next quote is back near the old level', () => {
    const filter = new QuoteFilter({ instruments: 1, isOpen: alwaysOpen });
    const at = warmedUp(filter);
    expect(quote(filter, 101, at)).toBe('hold');
    expect(filter.isHolding(0)).toBe(true);
    expect(filter.released).toBe(false);
    expect(quote(filter, 100.02, at + 1)).toBe('accept');
    expect(filter.released).toBe(false);
    expect(filter.isHolding(0)).toBe(false);
    expect(filter.drops(0)).toEqual({ invalid: 0, crossed: 0, closed: 0, spike: 1 });
    expect(filter.accepted(0)).toBe(at + 1);
    // The dropped spike left no trace in the level: 101 is still a spike.
    expect(quote(filter, 101, at + 2)).toBe('hold');
  });

  it('confirms a real jump with the next quote and releases the held quote first', () => {
    const filter = new QuoteFilter({ instruments: 1, isOpen: alwaysOpen });
    const at = warmedUp(filter);
    expect(quote(filter, 101, at)).toBe('hold');
    expect(quote(filter, 101.02, at + 1)).toBe('accept');
    expect(filter.released).toBe(true);
    expect([filter.releasedBid, filter.releasedAsk, filter.releasedAt]).toEqual([101 - HALF_SPREAD, 101 + HALF_SPREAD, at]);
    expect(filter.accepted(0)).toBe(at + 2);
    expect(filter.totals().spike).toBe(0);
    // The release belongs to that one check only.
    expect(quote(filter, 101.03, at + 2)).toBe('accept');
    expect(filter.released).toBe(false);
  });

  it('keeps the held quote pending across an invalid quote', () => {
    const filter = new QuoteFilter({ instruments: 1, isOpen: alwaysOpen });
    const at = warmedUp(filter);
    expect(quote(filter, 101, at)).toBe('hold');
    expect(filter.check(0, Number.NaN, 101, at + 1)).toBe('invalid');
    expect(filter.isHolding(0)).toBe(true);
    expect(quote(filter, 101.01, at + 2)).toBe('accept');
    expect(filter.released).toBe(true);
    expect(filter.releasedAt).toBe(at);
  });

  it('drops a held quote the next one does not confirm, and judges that one against the last accepted level', () => {
    const filter = new QuoteFilter({ instruments: 1, isOpen: alwaysOpen });
    const at = warmedUp(filter);
    expect(quote(filter, 101, at)).toBe('hold');
    expect(quote(filter, 102, at + 1)).toBe('hold');
    expect(filter.totals().spike).toBe(1);
    expect(quote(filter, 102.01, at + 2)).toBe('accept');
    expect(filter.released).toBe(true);
    expect(filter.releasedAt).toBe(at + 1);
  });

  it('keeps a flat series from making every move a spike, with a floor under the volatility', () => {
    const filter = new QuoteFilter({ instruments: 1, isOpen: alwaysOpen });
    for (let k = 0; k < 20; k++) expect(quote(filter, 100, k)).toBe('accept');
    // 0.05% is within 8 × the 0.01% floor; 1% is not.
    expect(quote(filter, 100.05, 20)).toBe('accept');
    expect(quote(filter, 101.05, 21)).toBe('hold');
  });

  it('judges each instrument against its own history', () => {
    const filter = new QuoteFilter({ instruments: 2, isOpen: alwaysOpen });
    warmedUp(filter, 0);
    warmedUp(filter, 1);
    expect(quote(filter, 101, 100, 0)).toBe('hold');
    expect(quote(filter, 100.01, 101, 1)).toBe('accept');
    expect(filter.isHolding(0)).toBe(true);
    expect(filter.released).toBe(false);
  });
});

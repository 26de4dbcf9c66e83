import { describe, expect, it } from 'vitest';
import { BOOK_LEVELS, FixBook, type BookEntry } from './fix-book.ts';

const bid = (price: number, size = 1, id?: string): BookEntry => ({ side: 'bid', price, size, ...(id && { id }) });
const ask = (price: number, size = 1, id?: string): BookEntry => ({ side: 'ask', price, size, ...(id && { id }) });
const prices = (book: FixBook) => ({ bids: book.bids.map((l) => l.price), asks: book.asks.map((l) => l.price) });

describe('FixBook', () => {
  it('takes a snapshot in any order and keeps each side best first', () => {
    const book = new FixBook();
    book.replace([ask(101.2), bid(100.8), ask(101), bid(100.7), bid(100.9)]);
    expect(prices(book)).toEqual({ bids: [100.9, 100.8, 100.7], asks: [101, 101.2] });
    expect(book.top()).toEqual({ bid: { price: 100.9, size: 1 }, ask: { price: 101, size: 1 } });
  });

  it('keeps only the best levels of a deep snapshot', () => {
    const book = new FixBook();
    const many = Array.from({ length: 12 }, (_, i) => [bid(100 - i, 1), ask(101 + i, 1)]).flat();
    book.replace(many.reverse());
    expect(BOOK_LEVELS).toBe(5);
    expect(book.bids.map((l) => l.price)).toEqual([100, 99, 98, 97, 96]);
    expect(book.asks.map((l) => l.price)).toEqual([101, 102, 103, 104, 105]);
  });

  it('a snapshot replaces what was there', () => {
    const book = new FixBook();
    book.replace([bid(100), ask(101)]);
    book.replace([bid(90), ask(91)]);
    expect(prices(book)).toEqual({ bids: [90], asks: [91] });
  });

  it('applies new, change and delete by price', () => {
    const book = new FixBook();
    book.replace([bid(100, 5), bid(99, 5), ask(101, 5)]);
    book.apply({ action: 'new', side: 'bid', price: 100.5, size: 2 });
    book.apply({ action: 'change', side: 'bid', price: 99, size: 7 });
    book.apply({ action: 'new', side: 'ask', price: 102, size: 3 });
    book.apply({ action: 'delete', side: 'ask', price: 101 });
    expect(book.bids).toEqual([
      { price: 100.5, size: 2 },
      { price: 100, size: 5 },
      { price: 99, size: 7 },
    ]);
    expect(book.asks).toEqual([{ price: 102, size: 3 }]);
    expect(book.top()).toEqual({ bid: { price: 100.5, size: 2 }, ask: { price: 102, size: 3 } });
  });

  it('applies changes by entry id, moving a level whose price changed', () => {
    const book = new FixBook();
    book.apply({ action: 'new', side: 'bid', price: 100, size: 1, id: 'b1' });
    book.apply({ action: 'new', side: 'bid', price: 99, size: 1, id: 'b2' });
    book.apply({ action: 'new', side: 'ask', price: 101, size: 1, id: 'a1' });
    book.apply({ action: 'change', side: 'bid', price: 100.5, id: 'b2' });
    expect(book.bids).toEqual([
      { price: 100.5, size: 1, id: 'b2' },
      { price: 100, size: 1, id: 'b1' },
    ]);
    book.apply({ action: 'delete', side: 'bid', id: 'b2' });
    expect(book.top()).toEqual({ bid: { price: 100, size: 1, id: 'b1' }, ask: { price: 101, size: 1, id: 'a1' } });
  });

  it('a new entry at a price already listed replaces that level, and a change at an unknown price adds one', () => {
    const book = new FixBook();
    book.replace([bid(100, 5), ask(101, 5)]);
    book.apply({ action: 'new', side: 'bid', price: 100, size: 9 });
    book.apply({ action: 'change', side: 'ask', price: 101.5, size: 2 });
    expect(book.bids).toEqual([{ price: 100, size: 9 }]);
    expect(book.asks).toEqual([
      { price: 101, size: 5 },
      { price: 101.5, size: 2 },
    ]);
  });

  it('takes a size of zero as a delete and ignores what names nothing in the book', () => {
    const book = new FixBook();
    book.replace([bid(100, 5), ask(101, 5)]);
    book.apply({ action: 'change', side: 'bid', price: 100, size: 0 });
    book.apply({ action: 'delete', side: 'ask', price: 105 });
    book.apply({ action: 'delete', side: 'ask', id: 'nobody' });
    book.apply({ action: 'change', side: 'ask', id: 'nobody' });
    expect(book.bids).toEqual([]);
    expect(book.asks).toEqual([{ price: 101, size: 5 }]);
    expect(book.top()).toBeNull();
  });

  it('refuses levels that are not numbers', () => {
    const book = new FixBook();
    book.replace([bid(Number.NaN), ask(Number.POSITIVE_INFINITY), bid(100, -1), ask(101, 2)]);
    expect(prices(book)).toEqual({ bids: [], asks: [101] });
  });

  it('a new level worse than a full side is left out; a better one pushes the worst out', () => {
    const book = new FixBook();
    book.replace([100, 99, 98, 97, 96].map((p) => bid(p)));
    book.apply({ action: 'new', side: 'bid', price: 95, size: 1 });
    expect(book.bids.map((l) => l.price)).toEqual([100, 99, 98, 97, 96]);
    book.apply({ action: 'new', side: 'bid', price: 99.5, size: 1 });
    expect(book.bids.map((l) => l.price)).toEqual([100, 99.5, 99, 98, 97]);
  });

  it('levels() hands out a copy', () => {
    const book = new FixBook();
    book.replace([bid(100), ask(101)]);
    const copy = book.levels();
    copy.bids[0]!.price = 1;
    expect(book.bids[0]!.price).toBe(100);
  });
});

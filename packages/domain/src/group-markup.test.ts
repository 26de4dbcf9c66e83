import { describe, expect, it } from 'vitest';
import { closingPrice, fillPrice } from './pnl.ts';
import { markedQuote, markupDistance } from './group-markup.ts';

const eurusd = { symbol: 'EUR/USD', category: 'forex', digits: 5 };
const btc = { symbol: 'BTC/USD', category: 'cryptos', digits: 2 };

describe('group markup', () => {
  it('takes the symbol before the class, in points of the instrument', () => {
    expect(markupDistance({ forex: 8, 'EUR/USD': 3 }, eurusd)).toBe(0.00003);
    expect(markupDistance({ forex: 8 }, eurusd)).toBe(0.00008);
    expect(markupDistance({ forex: 8 }, btc)).toBe(0);
    expect(markupDistance({ cryptos: 1500 }, btc)).toBe(15);
    expect(markupDistance({ forex: 2.5 }, eurusd)).toBe(0.000025);
  });

  it('widens both sides, so a buy pays more and a long closes lower', () => {
    const quote = { bid: 1.08, ask: 1.08012, price: 1.08006 };
    const marked = markedQuote(quote, 0.00005);
    expect(marked).toEqual({ bid: 1.07995, ask: 1.08017, price: 1.08006 });
    expect(fillPrice('buy', marked)).toBe(1.08017);
    expect(closingPrice('buy', marked)).toBe(1.07995);
  });

  it('leaves the quote itself when there is no markup', () => {
    const quote = { bid: 1, ask: 1.1 };
    expect(markedQuote(quote, 0)).toBe(quote);
  });
});

import { describe, expect, it } from 'vitest';
import type { Trade } from '@bourse/contract';
import { movePatch, tradeLines } from './trade-lines';

const trade = (over: Partial<Trade>): Trade =>
  ({ id: 1, asset_id: 7, status: 'open', trade_type: 'buy', order_type: 'market', opening_price: 1.1, take_profit: null, stop_loss: null, ...over }) as Trade;

describe('trade lines', () => {
  it('draws entries and levels of open positions and pending orders on the instrument shown', () => {
    const lines = tradeLines(
      [
        trade({ id: 1, take_profit: 1.2, stop_loss: 1.0 }),
        trade({ id: 2, status: 'pending', order_type: 'limit', opening_price: 1.05 }),
        trade({ id: 3, status: 'closed' }),
        trade({ id: 4, asset_id: 8 }),
      ],
      7,
    );
    expect(lines.map((l) => [l.key, l.price, l.draggable])).toEqual([
      ['entry-1', 1.1, false],
      ['tp-1', 1.2, true],
      ['sl-1', 1.0, true],
      ['entry-2', 1.05, true],
    ]);
  });

  it('moves the level a line marks', () => {
    expect(movePatch({ kind: 'tp' }, 1.25)).toEqual({ take_profit: 1.25 });
    expect(movePatch({ kind: 'sl' }, 1.01)).toEqual({ stop_loss: 1.01 });
    expect(movePatch({ kind: 'entry' }, 1.04)).toEqual({ price: 1.04 });
  });
});

import { describe, expect, it } from 'vitest';
import type { Trade } from '@bourse/contract';
import { tradeMarkers } from './trade-markers';

const base = { asset_id: 7, trade_type: 'buy', lots: 0.01, open_time: '2026-11-25T10:03:20Z', close_time: null, placed_by: 'customer', robot_id: null } as const;
const trade = (over: Partial<Trade>) => ({ ...base, id: 1, ...over }) as Trade;

describe('fills as chart markers', () => {
  it('marks entries and exits on the bars they fell in, robots labelled, other instruments left out', () => {
    const markers = tradeMarkers(
      [
        trade({ id: 1, placed_by: 'robot', robot_id: 3, close_time: '2026-11-25T10:20:59Z' }),
        trade({ id: 2, trade_type: 'sell', open_time: '2026-11-25T10:01:00Z' }),
        trade({ id: 3, asset_id: 8 }),
        trade({ id: 4, open_time: null }),
      ],
      7,
      300,
      { up: 'green', down: 'red', text: 'grey' },
    );
    const t = (iso: string) => Date.parse(iso) / 1000;
    expect(markers.map((m) => [m.id, m.time, m.position, m.shape, m.color, m.text])).toEqual([
      ['open-1', t('2026-11-25T10:00:00Z'), 'belowBar', 'arrowUp', 'green', 'EA Buy 0.01'],
      ['open-2', t('2026-11-25T10:00:00Z'), 'aboveBar', 'arrowDown', 'red', 'Sell 0.01'],
      ['close-1', t('2026-11-25T10:20:00Z'), 'aboveBar', 'circle', 'grey', 'EA Close'],
    ]);
  });
});

import type { Side } from '../pnl.ts';
import type { OrderIntent, RobotPosition, Strategy } from './types.ts';

/** Grid parameters: a level every `stepPct` % of the anchor price, at most `maxLevels` positions. */
export type GridParams = { lots: number; stepPct: number; maxLevels: number; stopLossPct?: number };

/** The anchor (first close seen) and the grid level of the previous close. */
export type GridState = { anchor: number | null; level: number };

/** A position sits on a level when it opened within half a step of that level's price. */
function occupied(positions: readonly RobotPosition[], side: Side, price: number, step: number): boolean {
  return positions.some((p) => p.side === side && Math.abs(p.openPrice - price) < step / 2);
}

/**
 * Levels every step around an anchor: each new level crossed below the anchor opens a buy, each
 * above it a sell, with the take-profit one step back towards the anchor; no more than
 * `maxLevels` positions at once and one per level.
 */
export const grid: Strategy<GridParams, GridState> = {
  key: 'grid',
  init: () => ({ anchor: null, level: 0 }),
  onBar(state, { bar, positions }, p) {
    const anchor = state.anchor ?? bar.close;
    const step = (anchor * p.stepPct) / 100;
    // Level k spans [anchor + k·step, anchor + (k+1)·step); below the anchor we count levels by their top.
    const raw = (bar.close - anchor) / step;
    const level = raw < 0 ? Math.ceil(raw) : Math.floor(raw);
    const intents: OrderIntent[] = [];
    let open = positions.length;
    const down = level < state.level;
    for (let k = state.level + (down ? -1 : 1); down ? k >= level : k <= level; k += down ? -1 : 1) {
      if (k === 0 || open >= p.maxLevels) continue;
      const side: Side = k < 0 ? 'buy' : 'sell';
      if ((side === 'buy') !== down) continue;
      const price = anchor + k * step;
      if (occupied(positions, side, price, step)) continue;
      const dir = side === 'buy' ? 1 : -1;
      const intent: OrderIntent = { kind: 'open', side, lots: p.lots, takeProfit: price + dir * step, reason: `Grid level ${k}` };
      // After a gap the fill is near the close, not the level: the stop is measured from the nearer of the two.
      const base = side === 'buy' ? Math.min(price, bar.close) : Math.max(price, bar.close);
      if (p.stopLossPct && p.stopLossPct > 0) intent.stopLoss = base * (1 - (dir * p.stopLossPct) / 100);
      intents.push(intent);
      open++;
    }
    return { state: { anchor, level }, intents };
  },
};

import type { Side } from '../pnl.ts';
import type { ExitParams, OrderIntent, RobotPosition } from './types.ts';

/** An open intent at about `price`, with take-profit and stop-loss placed from the exit percentages. */
export function openIntent(side: Side, lots: number, price: number, exits: ExitParams, reason: string): OrderIntent {
  const dir = side === 'buy' ? 1 : -1;
  const intent: OrderIntent = { kind: 'open', side, lots, reason };
  if (exits.takeProfitPct && exits.takeProfitPct > 0) intent.takeProfit = price * (1 + (dir * exits.takeProfitPct) / 100);
  if (exits.stopLossPct && exits.stopLossPct > 0) intent.stopLoss = price * (1 - (dir * exits.stopLossPct) / 100);
  return intent;
}

/** Close intents for every position on `side`. */
export function closeSide(positions: readonly RobotPosition[], side: Side, reason: string): OrderIntent[] {
  const out: OrderIntent[] = [];
  for (const p of positions) if (p.side === side) out.push({ kind: 'close', positionId: p.id, reason });
  return out;
}

/** True when a position on `side` is open. */
export function holds(positions: readonly RobotPosition[], side: Side): boolean {
  return positions.some((p) => p.side === side);
}

import { upsertCandles } from '../../src/modules/market/candle.repository.ts';
import type { TestServer } from './test-server.ts';

/**
 * A robot pass two days ahead reads only recorded bars, never generated history. Returns that
 * moment and the open time of the bar that closed just before it.
 */
export function futurePass(): { now: number; lastOpen: number } {
  const now = Math.floor(Date.now() / 60_000) * 60_000 + 2 * 86_400_000 + 5_000;
  return { now, lastOpen: (now - 5_000) / 1000 - 60 };
}

/** Records 1-minute bars of an instrument drifting down for 40 minutes, then jumping on the last bar: a fast EMA crosses above a slow one. */
export async function recordCrossUp(server: TestServer, assetId: number, lastOpen: number): Promise<void> {
  const closes = [...Array.from({ length: 40 }, (_, k) => 60_000 - k * 20), 61_500];
  const start = lastOpen - (closes.length - 1) * 60;
  await upsertCandles(
    server.ctx.db,
    closes.map((close, k) => ({ assetId, tf: '1m' as const, time: start + k * 60, open: close, high: close, low: close, close, volume: 1 })),
  );
}

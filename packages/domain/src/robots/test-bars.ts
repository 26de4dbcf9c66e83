import type { Bar, OrderIntent, RobotPosition, Strategy } from './types.ts';

/** Bars from closes (open = previous close, high/low around them), one minute apart. */
export function barsFrom(closes: number[], spread = 0): Bar[] {
  return closes.map((close, i) => {
    const open = i === 0 ? close : closes[i - 1];
    return { time: i * 60, open, high: Math.max(open, close) + spread, low: Math.min(open, close) - spread, close, volume: 1 };
  });
}

/**
 * Runs a strategy over bars, filling every open intent at that bar's close and every close at once,
 * and returns the intents of each bar (index = bar).
 */
export function replay<P, S>(strategy: Strategy<P, S>, params: P, bars: Bar[]): OrderIntent[][] {
  let state = strategy.init(params);
  let positions: RobotPosition[] = [];
  let nextId = 1;
  const out: OrderIntent[][] = [];
  for (const bar of bars) {
    const step = strategy.onBar(state, { bar, positions }, params);
    state = step.state;
    out.push(step.intents);
    for (const intent of step.intents) {
      if (intent.kind === 'close') positions = positions.filter((p) => p.id !== intent.positionId);
      else positions = [...positions, { id: String(nextId++), side: intent.side, lots: intent.lots, openPrice: bar.close, openTime: bar.time }];
    }
  }
  return out;
}

/** Indexes of the bars that produced intents, with a compact description of each. */
export function summary(intents: OrderIntent[][]): string[] {
  const out: string[] = [];
  intents.forEach((list, i) => {
    for (const it of list) out.push(it.kind === 'open' ? `${i}:open ${it.side}` : `${i}:close ${it.positionId}`);
  });
  return out;
}

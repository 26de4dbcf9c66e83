/** Settings of the price feed, candles and price socket, from the environment. */
export type MarketSettings = {
  /** Seed of the price simulator (`PRICE_SEED`): same seed and start state, same ticks. */
  seed: number;
  /**
   * Every instrument trades around the clock (`MARKET_ALWAYS_OPEN=true`): a demonstration site, or
   * tests about processes rather than trading hours, that must not stop at the forex weekend.
   */
  alwaysOpen: boolean;
  /** Step the simulator on a timer (`PRICE_AUTO_TICK`); off by default in tests, which call `step(now)`. */
  autoTick: boolean;
  /** Period of the simulator's timer (`PRICE_STEP_MS`). */
  stepMs: number;
  /** Multiplies every instrument's tick rate (`PRICE_TICK_SCALE`), for benchmarks. */
  tickScale: number;
  /** Window in which one instrument's ticks are coalesced for clients (`PRICE_COALESCE_MS`); 0 sends every tick. */
  coalesceMs: number;
  /**
   * Groups the price socket's clients are spread over (`PRICE_FANOUT_GROUPS`): each group gets its
   * window's packet a `coalesceMs / fanoutGroups` step after the previous one, so writing to every
   * client does not all fall at the end of one window. 1 sends to everyone at once.
   */
  fanoutGroups: number;
  /** How often candles and last prices are saved (`CANDLE_PERSIST_MS`). */
  persistMs: number;
  /** Redis stream shared by the nodes of one deployment (`PRICE_SOCKET_STREAM`); null picks the default. */
  stream: string | null;
  /**
   * Quiet time after which the feed counts as stalled and market fills are refused (`PRICE_STALE_MS`).
   * Off when the simulator is stepped by hand (tests), since no wall clock drives it then.
   */
  staleMs: number;
  /**
   * The price sources configuration (`PRICE_FEEDS`, a JSON file; see `priceFeedsConfig`): which
   * instruments are priced by outside sources instead of the simulator. Read by the worker node,
   * and read again when the file changes.
   */
  feedsFile: string | null;
};

export function marketSettings(env: NodeJS.ProcessEnv, nodeEnv: 'development' | 'production' | 'test'): MarketSettings {
  const num = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return env[name] !== undefined && env[name] !== '' && Number.isFinite(value) ? value : fallback;
  };
  const autoTick = env.PRICE_AUTO_TICK ? env.PRICE_AUTO_TICK === 'true' : nodeEnv !== 'test';
  return {
    seed: num('PRICE_SEED', 1) >>> 0,
    alwaysOpen: env.MARKET_ALWAYS_OPEN === 'true',
    autoTick,
    stepMs: Math.max(5, num('PRICE_STEP_MS', 20)),
    tickScale: Math.max(0.01, num('PRICE_TICK_SCALE', 1)),
    coalesceMs: Math.max(0, num('PRICE_COALESCE_MS', 100)),
    fanoutGroups: Math.min(50, Math.max(1, Math.floor(num('PRICE_FANOUT_GROUPS', 10)))),
    persistMs: Math.max(1000, num('CANDLE_PERSIST_MS', 10_000)),
    stream: env.PRICE_SOCKET_STREAM || null,
    staleMs: Math.max(0, num('PRICE_STALE_MS', autoTick ? 10_000 : 0)),
    feedsFile: env.PRICE_FEEDS || null,
  };
}

import { z } from 'zod';
import { advisorParams, strategyDefaults } from '@bourse/domain/robots/defaults';

/** Keys of the strategies the platform ships (the same list as `StrategyKey` in `@bourse/domain`). */
export const strategyKeys = ['ma_crossover', 'rsi_reversion', 'donchian_breakout', 'grid'] as const;
export const strategyKey = z.enum(strategyKeys);
export type StrategyKey = z.infer<typeof strategyKey>;

/** Human names of the strategies. */
export const strategyLabels: Record<StrategyKey, string> = {
  ma_crossover: 'Moving-average crossover',
  rsi_reversion: 'RSI mean reversion',
  donchian_breakout: 'Donchian breakout',
  grid: 'Grid',
};

// The defaults are the strategies' own, from the domain package beside the strategies.
const d = strategyDefaults;
const lots = (def: number) => z.number().min(0.01).max(50).multipleOf(0.01).default(def).describe('Lots per order');
const period = (label: string, def: number, max = 500) => z.number().int().min(2).max(max).default(def).describe(label);
const takeProfitPct = (def: number) => z.number().min(0).max(50).default(def).describe('Take profit, % from entry (0 = none)');
const stopLossPct = (def: number) => z.number().min(0).max(50).default(def).describe('Stop loss, % from entry (0 = none)');

const maCrossoverParams = z
  .object({
    lots: lots(d.ma_crossover.lots),
    fast: period('Fast MA period', d.ma_crossover.fast),
    slow: period('Slow MA period', d.ma_crossover.slow),
    maType: z.enum(['sma', 'ema']).default(d.ma_crossover.maType).describe('Average type'),
    takeProfitPct: takeProfitPct(d.ma_crossover.takeProfitPct),
    stopLossPct: stopLossPct(d.ma_crossover.stopLossPct),
  })
  .refine((p) => p.fast < p.slow, { message: 'The fast period must be shorter than the slow one.', path: ['fast'] });

const rsiReversionParams = z.object({
  lots: lots(d.rsi_reversion.lots),
  period: period('RSI period', d.rsi_reversion.period, 200),
  oversold: z.number().min(1).max(49).default(d.rsi_reversion.oversold).describe('Buy below RSI'),
  overbought: z.number().min(51).max(99).default(d.rsi_reversion.overbought).describe('Sell above RSI'),
  takeProfitPct: takeProfitPct(d.rsi_reversion.takeProfitPct),
  stopLossPct: stopLossPct(d.rsi_reversion.stopLossPct),
});

const donchianBreakoutParams = z
  .object({
    lots: lots(d.donchian_breakout.lots),
    entryPeriod: period('Entry channel, bars', d.donchian_breakout.entryPeriod),
    exitPeriod: period('Exit channel, bars', d.donchian_breakout.exitPeriod),
    takeProfitPct: takeProfitPct(d.donchian_breakout.takeProfitPct),
    stopLossPct: stopLossPct(d.donchian_breakout.stopLossPct),
  })
  .refine((p) => p.exitPeriod <= p.entryPeriod, { message: 'The exit channel must not be longer than the entry channel.', path: ['exitPeriod'] });

const gridParams = z.object({
  lots: lots(d.grid.lots),
  stepPct: z.number().min(0.01).max(20).default(d.grid.stepPct).describe('Grid step, % of the anchor price'),
  maxLevels: z.number().int().min(1).max(50).default(d.grid.maxLevels).describe('Most grid levels open'),
  stopLossPct: stopLossPct(d.grid.stopLossPct),
});

/**
 * Parameter schemas per strategy, with defaults, bounds and a `.describe()` label per field so a
 * form can be generated from them.
 */
export const strategyParamsSchemas = {
  ma_crossover: maCrossoverParams,
  rsi_reversion: rsiReversionParams,
  donchian_breakout: donchianBreakoutParams,
  grid: gridParams,
} as const;
export type StrategyParams = { [K in StrategyKey]: z.output<(typeof strategyParamsSchemas)[K]> };

/** Validates `params` for `key`, filling defaults. */
export function parseStrategyParams<K extends StrategyKey>(key: K, params: unknown) {
  return strategyParamsSchemas[key].safeParse(params ?? {});
}

/**
 * The complete parameters of an advisor's robot (the strategy's defaults under the advisor's
 * advertised ones under the customer's, see `advisorParams`), validated: what the card shows, the
 * backtest runs and a live robot trades with.
 */
export function parseAdvisorParams<K extends StrategyKey>(key: K, advertised: Record<string, unknown>, given: Record<string, unknown> = {}) {
  return parseStrategyParams(key, advisorParams(key, advertised, given));
}

/** Longest backtest range, in days. */
export const MAX_BACKTEST_DAYS = 366;
/** Timeframes a backtest runs on. */
export const backtestTimeframes = ['1m', '5m', '15m', '1h', '4h', '1D'] as const;
export const backtestTimeframe = z.enum(backtestTimeframes);

const dateText = z.string().min(10).max(40).refine((s) => !Number.isNaN(Date.parse(s)), 'Enter a valid date.');

/**
 * POST /backtests: an advisor of the catalogue (`ea_id`, its strategy and default parameters) or a
 * `strategy` directly; `params` override the defaults and are validated by the strategy's schema.
 */
export const backtestRequest = z
  .object({
    ea_id: z.number().int().positive().optional(),
    strategy: strategyKey.optional(),
    params: z.record(z.string(), z.unknown()).default({}),
    asset_id: z.number().int().positive(),
    timeframe: backtestTimeframe.default('1h'),
    from: dateText,
    to: dateText,
    initial_balance: z.number().min(100).max(10_000_000).default(10_000),
  })
  .refine((b) => b.ea_id !== undefined || b.strategy !== undefined, { message: 'Choose an advisor or a strategy.', path: ['strategy'] })
  .refine((b) => Date.parse(b.from) < Date.parse(b.to), { message: 'The start must be before the end.', path: ['from'] })
  .refine((b) => Date.parse(b.to) - Date.parse(b.from) <= MAX_BACKTEST_DAYS * 86_400_000, {
    message: `A backtest covers at most ${MAX_BACKTEST_DAYS} days.`,
    path: ['to'],
  });
export type BacktestRequest = z.input<typeof backtestRequest>;

export const backtestStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type BacktestStatus = (typeof backtestStatuses)[number];

/** Why a backtest trade closed. */
export const backtestCloseReasons = ['signal', 'tp', 'sl', 'stop_out', 'end'] as const;

export const backtestTradeSchema = z.object({
  id: z.number().int(),
  side: z.enum(['buy', 'sell']),
  lots: z.number(),
  open_time: z.number().int(),
  open_price: z.number(),
  close_time: z.number().int(),
  close_price: z.number(),
  pnl: z.number(),
  close_reason: z.enum(backtestCloseReasons),
  reason: z.string(),
});
export type BacktestTrade = z.infer<typeof backtestTradeSchema>;

/** Most trades a stored report lists (the figures always cover every trade). */
export const MAX_REPORT_TRADES = 10_000;

/** Figures of a finished run. Money in the account currency; `sharpe` from daily returns, annualised (√252). */
export const backtestReportSchema = z.object({
  bars: z.number().int(),
  initial_balance: z.number(),
  final_equity: z.number(),
  net_profit: z.number(),
  gross_profit: z.number(),
  gross_loss: z.number(),
  profit_factor: z.number().nullable(),
  max_drawdown: z.number(),
  max_drawdown_pct: z.number(),
  trade_count: z.number().int(),
  win_rate: z.number(),
  sharpe: z.number().nullable(),
  refused_intents: z.number().int(),
  stopped_out: z.boolean(),
  equity: z.array(z.object({ time: z.number().int(), equity: z.number() })),
  /** The first `MAX_REPORT_TRADES` trades; `trades_omitted` counts the rest. */
  trades: z.array(backtestTradeSchema),
  trades_omitted: z.number().int(),
});
export type BacktestReport = z.infer<typeof backtestReportSchema>;

export const backtestSchema = z.object({
  id: z.number().int(),
  ea_id: z.number().int().nullable(),
  strategy: strategyKey,
  params: z.record(z.string(), z.unknown()),
  asset_id: z.number().int(),
  timeframe: backtestTimeframe,
  from: z.string(),
  to: z.string(),
  status: z.enum(backtestStatuses),
  progress: z.number().int(),
  report: backtestReportSchema.nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Backtest = z.infer<typeof backtestSchema>;
export const backtestResponse = z.object({ data: backtestSchema });
/** GET /backtests: the caller's latest runs, without their reports. */
export const backtestListResponse = z.object({ data: z.array(backtestSchema.omit({ report: true })) });
export const backtestIdParam = z.object({ id: z.coerce.number().int().positive() });

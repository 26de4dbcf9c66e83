import { z } from 'zod';

/**
 * The technical indicators a customer keeps on the trading room's chart, per instrument, in their
 * preferences (PUT /user/preferences `indicators`). The maths is `@bourse/domain/indicators`; this
 * is what is stored: which indicator, its settings within bounds, and a colour of the chart palette
 * (each colour has a shade per theme, so a stored choice reads in both).
 */

/** Most indicators on one instrument's chart. */
export const MAX_INDICATORS = 10;
/** Most instruments with indicators kept for one customer. */
export const MAX_INDICATOR_INSTRUMENTS = 100;
/** Longest period of any indicator: a candles call returns a few hundred bars. */
export const MAX_INDICATOR_PERIOD = 500;

export const indicatorKinds = ['sma', 'ema', 'wma', 'bollinger', 'vwap', 'ichimoku', 'psar', 'rsi', 'macd', 'stochastic', 'atr', 'adx', 'cci', 'volume'] as const;
export type IndicatorKind = (typeof indicatorKinds)[number];

/** The chart palette; the web client draws each in a shade that reads on the theme shown. */
export const indicatorColors = ['blue', 'orange', 'purple', 'teal', 'pink', 'yellow', 'red', 'green'] as const;
export type IndicatorColor = (typeof indicatorColors)[number];

/** One setting of an indicator: its default and bounds, and whether it is a whole number. */
export type IndicatorParamSpec = { readonly default: number; readonly min: number; readonly max: number; readonly integer: boolean };

const period = (initial: number): IndicatorParamSpec => ({ default: initial, min: 1, max: MAX_INDICATOR_PERIOD, integer: true });
const fraction = (initial: number, min: number, max: number): IndicatorParamSpec => ({ default: initial, min, max, integer: false });

/** Each indicator's settings, in the order they are edited. */
export const indicatorParams: Record<IndicatorKind, Readonly<Record<string, IndicatorParamSpec>>> = {
  sma: { period: period(20) },
  ema: { period: period(20) },
  wma: { period: period(20) },
  bollinger: { period: period(20), deviations: fraction(2, 0.1, 10) },
  vwap: {},
  ichimoku: { conversion: period(9), base: period(26), span: period(52), displacement: period(26) },
  psar: { step: fraction(0.02, 0.001, 1), max: fraction(0.2, 0.001, 1) },
  rsi: { period: period(14) },
  macd: { fast: period(12), slow: period(26), signal: period(9) },
  stochastic: { period: period(14), signal: period(3) },
  atr: { period: period(14) },
  adx: { period: period(14) },
  cci: { period: period(20) },
  volume: {},
};

export const indicatorMessages = {
  limit: `Up to ${MAX_INDICATORS} indicators per instrument. Remove one to add another.`,
  instruments: `Indicators are kept on up to ${MAX_INDICATOR_INSTRUMENTS} instruments. Remove them from one you no longer follow.`,
  settings: "Check the indicator's settings: one is out of its range.",
  fastSlow: 'The fast period must be shorter than the slow period.',
  stepMax: 'The step must not be larger than the maximum.',
} as const;

/** The default settings of an indicator. */
export function defaultIndicatorParams(kind: IndicatorKind): Record<string, number> {
  return Object.fromEntries(Object.entries(indicatorParams[kind]).map(([key, spec]) => [key, spec.default]));
}

/** Whether `value` is allowed for the setting. */
export function paramInRange(spec: IndicatorParamSpec, value: number): boolean {
  return Number.isFinite(value) && value >= spec.min && value <= spec.max && (!spec.integer || Number.isInteger(value));
}

/** The rule between two settings an indicator breaks, as a message and the setting it is shown at; null when none. */
export function indicatorRuleBroken(kind: IndicatorKind, params: Record<string, number>): { param: string; message: string } | null {
  if (kind === 'macd' && params.fast! >= params.slow!) return { param: 'fast', message: indicatorMessages.fastSlow };
  if (kind === 'psar' && params.step! > params.max!) return { param: 'step', message: indicatorMessages.stepMax };
  return null;
}

export type Indicator = { id: string; kind: IndicatorKind; color: IndicatorColor; params: Record<string, number> };

export const indicatorSchema = z
  .strictObject({
    /** The client's own name for it, unique on the instrument. */
    id: z.string().regex(/^[A-Za-z0-9_-]{1,16}$/),
    kind: z.enum(indicatorKinds),
    color: z.enum(indicatorColors),
    params: z.record(z.string().max(16), z.number()),
  })
  .superRefine((indicator, ctx) => {
    const specs = indicatorParams[indicator.kind];
    const given = Object.keys(indicator.params);
    const fits = given.length === Object.keys(specs).length && given.every((key) => specs[key] && paramInRange(specs[key], indicator.params[key]!));
    if (!fits) ctx.addIssue({ code: 'custom', path: ['params'], message: indicatorMessages.settings });
    const broken = fits && indicatorRuleBroken(indicator.kind, indicator.params);
    if (broken) ctx.addIssue({ code: 'custom', path: ['params', broken.param], message: broken.message });
  }) satisfies z.ZodType<Indicator>;

/** An instrument's indicators, in the order they were added. */
export const instrumentIndicators = z
  .array(indicatorSchema)
  .max(MAX_INDICATORS, indicatorMessages.limit)
  .refine((list) => new Set(list.map((i) => i.id)).size === list.length, { message: indicatorMessages.settings });

/** An instrument's symbol as a key: letters or digits first (never a name objects inherit). */
const instrumentKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:/&!#+-]{0,39}$/);

/** Indicators by instrument symbol. */
export const indicatorsByInstrument = z
  .record(instrumentKey, instrumentIndicators)
  .refine((byInstrument) => Object.keys(byInstrument).length <= MAX_INDICATOR_INSTRUMENTS, { message: indicatorMessages.instruments });
export type IndicatorsByInstrument = Record<string, Indicator[]>;

/**
 * The indicators kept after a change: each instrument named in `patch` takes its new list, an
 * empty list removes the instrument, the others stay as they were.
 */
export function mergeIndicators(current: IndicatorsByInstrument | undefined, patch: IndicatorsByInstrument): IndicatorsByInstrument {
  const next: IndicatorsByInstrument = { ...current };
  for (const [symbol, list] of Object.entries(patch)) {
    if (list.length) next[symbol] = list;
    else delete next[symbol];
  }
  return next;
}

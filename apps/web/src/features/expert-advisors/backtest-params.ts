import { z } from 'zod';
import { backtestTimeframe, MAX_BACKTEST_DAYS, strategyParamsSchemas, type StrategyKey } from '@bourse/contract';

/** A form field generated from one entry of a strategy's parameter schema. */
export type ParamField =
  | { name: string; label: string; kind: 'number'; min?: number; max?: number; step: number }
  | { name: string; label: string; kind: 'choice'; options: readonly string[] };

/** Turns a message into the language shown: by default English, the message itself with its {{placeholders}} filled. */
export type Translate = (message: string, values?: Record<string, string | number>) => string;
export const english: Translate = (message, values = {}) => message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

const labelOf = (schema: z.ZodType, name: string) => schema.description ?? name;

/** Fields of a strategy's parameters, in schema order, with the bounds and labels the schema declares. */
export function paramFields(strategy: StrategyKey): ParamField[] {
  const shape = strategyParamsSchemas[strategy].shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([name, field]) => {
    const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field;
    if (inner instanceof z.ZodEnum) return { name, label: labelOf(field, name), kind: 'choice', options: inner.options as string[] };
    const num = inner as z.ZodNumber;
    return { name, label: labelOf(field, name), kind: 'number', min: num.minValue ?? undefined, max: num.maxValue ?? undefined, step: num.isInt ? 1 : 0.01 };
  });
}

/** The schema's defaults, overlaid with the advisor's own. */
export function defaultParams(strategy: StrategyKey, given: Record<string, unknown> = {}): Record<string, unknown> {
  const parsed = strategyParamsSchemas[strategy].safeParse(given);
  return parsed.success ? (parsed.data as Record<string, unknown>) : (strategyParamsSchemas[strategy].parse({}) as Record<string, unknown>);
}

/** The dialog's form: instrument, timeframe, dates (whole UTC days) and the strategy's parameters; messages in the language `t` gives. */
export function backtestFormSchema(strategy: StrategyKey, t: Translate = english) {
  const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, t('Enter a date.'));
  return z
    .object({
      asset_id: z.number({ error: t('Choose an instrument.') }).int().positive(t('Choose an instrument.')),
      timeframe: backtestTimeframe,
      from: dateOnly,
      to: dateOnly,
      initial_balance: z.number({ error: t('Enter an amount.') }).min(100).max(10_000_000),
      params: strategyParamsSchemas[strategy],
    })
    .refine((v) => v.from < v.to, { message: t('The start must be before the end.'), path: ['to'] })
    .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= MAX_BACKTEST_DAYS * 86_400_000, {
      message: t('A backtest covers at most {{n}} days.', { n: MAX_BACKTEST_DAYS }),
      path: ['to'],
    });
}
export type BacktestFormValues = z.output<ReturnType<typeof backtestFormSchema>>;
export type BacktestFormInput = z.input<ReturnType<typeof backtestFormSchema>>;

/** A date as YYYY-MM-DD in UTC. */
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

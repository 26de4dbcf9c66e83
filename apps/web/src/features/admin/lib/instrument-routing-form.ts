import { z } from 'zod';
import type { InstrumentFeedConfig } from '@bourse/contract';
import type { InstrumentFeedInput } from '../api/price-feeds';

export type Translate = (message: string, values?: Record<string, string | number>) => string;
const english: Translate = (message, values = {}) => message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** An instrument lists 1 to 5 sources, primary first. */
export const MAX_SOURCES = 5;
export const markupKinds = ['none', 'points', 'percent'] as const;
/** `house` is no route: the house fills every order (B-book). */
export const executionRules = ['house', 'a_book', 'hybrid'] as const;

const MAX_SYMBOL = 40;
const MAX_MARKUP = 1_000_000;
const MIN_LOTS = 0.01;
const MAX_LOTS = 50;

/** A number typed in a field: null when empty or not a finite number. */
function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** Account ids typed as "12, 40 7": null when one of them is not a whole number above 0. */
export function parseAccounts(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.some((p) => !/^\d+$/.test(p) || Number(p) < 1 || !Number.isSafeInteger(Number(p)))) return null;
  return [...new Set(parts.map(Number))];
}

/**
 * The routing dialog's form: the instrument (when adding one), its sources in priority order, the
 * markup and where its orders are filled. Numbers stay as typed until checked; messages are in the
 * language `t` gives. `taken` are the instruments that have a routing already (adding one of them
 * again would replace it).
 */
export function routingFormSchema(t: Translate = english, taken: readonly string[] = []) {
  return z
    .object({
      symbol: z.string(),
      sources: z.array(z.object({ source: z.string(), symbol: z.string() })),
      markup: z.object({ kind: z.enum(markupKinds), value: z.string() }),
      execution: z.object({ rule: z.enum(executionRules), venue: z.string(), symbol: z.string(), min_lots: z.string(), accounts: z.string(), demo_accounts: z.boolean() }),
    })
    .superRefine((v, ctx) => {
      const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      const symbol = v.symbol.trim().toUpperCase();
      if (!symbol) problem(['symbol'], t('Enter the instrument’s symbol.'));
      else if (symbol.length > MAX_SYMBOL) problem(['symbol'], t('At most {{max}} characters.', { max: MAX_SYMBOL }));
      else if (taken.includes(symbol)) problem(['symbol'], t('{{symbol}} is routed already: edit it in the list.', { symbol }));

      if (v.sources.length < 1 || v.sources.length > MAX_SOURCES) problem(['sources'], t('List 1 to {{max}} sources.', { max: MAX_SOURCES }));
      const seen = new Set<string>();
      v.sources.forEach((s, i) => {
        if (!s.source) problem(['sources', i, 'source'], t('Choose a source.'));
        else if (seen.has(s.source)) problem(['sources', i, 'source'], t('This source is listed already.'));
        seen.add(s.source);
        if (!s.symbol.trim()) problem(['sources', i, 'symbol'], t('Enter the symbol this source uses.'));
        else if (s.symbol.trim().length > MAX_SYMBOL) problem(['sources', i, 'symbol'], t('At most {{max}} characters.', { max: MAX_SYMBOL }));
      });

      if (v.markup.kind !== 'none') {
        const value = typedNumber(v.markup.value);
        if (value === null || value < 0 || value > MAX_MARKUP) problem(['markup', 'value'], t('Enter a markup from 0 to {{max}}.', { max: MAX_MARKUP }));
      }

      const e = v.execution;
      if (e.rule === 'house') return;
      if (!e.venue) problem(['execution', 'venue'], t('Choose a venue.'));
      if (!e.symbol.trim()) problem(['execution', 'symbol'], t('Enter the symbol the venue uses.'));
      else if (e.symbol.trim().length > MAX_SYMBOL) problem(['execution', 'symbol'], t('At most {{max}} characters.', { max: MAX_SYMBOL }));
      if (e.rule !== 'hybrid') return;
      const lots = typedNumber(e.min_lots);
      if (e.min_lots.trim() && (lots === null || lots < MIN_LOTS || lots > MAX_LOTS)) problem(['execution', 'min_lots'], t('Between {{min}} and {{max}} lots.', { min: MIN_LOTS, max: MAX_LOTS }));
      const accounts = parseAccounts(e.accounts);
      if (accounts === null) problem(['execution', 'accounts'], t('Account ids are whole numbers, separated by commas.'));
      else if (!e.min_lots.trim() && accounts.length === 0) problem(['execution', 'min_lots'], t('A hybrid route needs a minimum size, accounts, or both.'));
    });
}

export type RoutingFormValues = z.infer<ReturnType<typeof routingFormSchema>>;

/** The form's values for an instrument's entry, or for a new one (the first source and venue chosen). */
export function toFormValues(symbol: string, entry: InstrumentFeedConfig | undefined, choices: { sources: string[]; venues: string[] }): RoutingFormValues {
  const execution = entry?.execution;
  return {
    symbol,
    sources: entry ? entry.sources.map((s) => ({ ...s })) : [{ source: choices.sources[0] ?? '', symbol: '' }],
    markup: entry?.markup ? { kind: entry.markup.kind, value: String(entry.markup.value) } : { kind: 'none', value: '' },
    execution: {
      rule: execution ? execution.rule : 'house',
      venue: execution?.venue ?? choices.venues[0] ?? '',
      symbol: execution?.symbol ?? '',
      min_lots: execution?.min_lots === undefined ? '' : String(execution.min_lots),
      accounts: execution?.accounts.join(', ') ?? '',
      demo_accounts: execution?.demo_accounts ?? false,
    },
  };
}

/**
 * The file's entry for checked form values. What the form does not show of the route the entry had
 * (settings the file holds beyond these) is kept as it was.
 */
export function toFeedConfig(values: RoutingFormValues, previous?: InstrumentFeedConfig): { symbol: string; config: InstrumentFeedInput } {
  const config: InstrumentFeedInput = { sources: values.sources.map((s) => ({ source: s.source, symbol: s.symbol.trim() })) };
  if (values.markup.kind !== 'none') config.markup = { kind: values.markup.kind, value: Number(values.markup.value) };
  const e = values.execution;
  if (e.rule !== 'house') {
    const hybrid = e.rule === 'hybrid';
    const route: NonNullable<InstrumentFeedInput['execution']> = {
      ...previous?.execution,
      venue: e.venue,
      symbol: e.symbol.trim(),
      rule: e.rule,
      accounts: hybrid ? (parseAccounts(e.accounts) ?? []) : [],
      demo_accounts: e.demo_accounts,
    };
    if (hybrid && e.min_lots.trim()) route.min_lots = Number(e.min_lots);
    else delete route.min_lots;
    config.execution = route;
  }
  return { symbol: values.symbol.trim().toUpperCase(), config };
}

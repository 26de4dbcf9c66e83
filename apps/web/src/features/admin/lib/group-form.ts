import type { FieldErrors, Resolver, ResolverOptions } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type AssetCategory, assetCategories, type CustomerGroup, type GroupInput, groupInput } from '@bourse/contract';

/**
 * The group dialog's form: the group's terms as typed (numbers stay text until checked). The check
 * is the contract's own `groupInput` on the body the form would send, so the form says what the
 * server would, in the same words.
 */
export type GroupFormValues = {
  name: string;
  description: string;
  commission_mode: GroupInput['commission_mode'];
  commission_rate: string;
  commission_min: string;
  /** Empty: none. */
  currency: string;
  /** Empty: no ceiling over the plan's leverage. */
  leverage: Record<AssetCategory, string>;
  swap_free: boolean;
  swap_free_days: string;
  swap_free_fee: string;
  execution: NonNullable<GroupInput['execution']>;
  margin_call_level: string;
  stop_out_level: string;
  /** None chosen: every class. */
  allowed_classes: AssetCategory[];
  /** Symbols separated by commas; empty: every instrument of the allowed classes. */
  allowed_instruments: string;
  /** Points on each side per class; empty: none. */
  markup: Record<AssetCategory, string>;
  /** Per instrument, over its class: "EURUSD 3, XAUUSD 25". */
  markup_instruments: string;
};

const isCategory = (key: string): key is AssetCategory => (assetCategories as readonly string[]).includes(key);

/** An instrument's markup as the form writes it: "EURUSD 3". */
export function instrumentMarkupText(markup: Record<string, number>): string {
  return Object.entries(markup)
    .filter(([key]) => !isCategory(key))
    .map(([symbol, points]) => `${symbol} ${points}`)
    .join(', ');
}

/**
 * The instruments' markup typed as "SYMBOL points" (or SYMBOL=points), separated by commas or lines.
 * An entry that is not one keeps its text as the key with no number, which the contract refuses.
 */
export function parseInstrumentMarkup(text: string): Record<string, number> {
  const entries = text
    .split(/[,;\n]/)
    .map((e) => e.trim())
    .filter(Boolean);
  return Object.fromEntries(
    entries.map((entry) => {
      const match = /^(\S+?)\s*[=:\s]\s*(\d+(?:\.\d+)?)$/.exec(entry);
      return match ? [match[1]!.toUpperCase(), Number(match[2])] : [entry, Number.NaN];
    }),
  );
}

/** A decimal as the server keeps it ("3.5000"), as a person types it ("3.5"). */
const plain = (value: string) => String(Number(value));

export function groupFormValues(group: CustomerGroup | null): GroupFormValues {
  const leverage = Object.fromEntries(assetCategories.map((c) => [c, group?.leverage[c] === undefined ? '' : String(group.leverage[c])])) as Record<AssetCategory, string>;
  const markup = Object.fromEntries(assetCategories.map((c) => [c, group?.markup[c] === undefined ? '' : String(group.markup[c])])) as Record<AssetCategory, string>;
  if (!group) {
    return {
      name: '',
      description: '',
      commission_mode: 'none',
      commission_rate: '0',
      commission_min: '0',
      currency: '',
      leverage,
      swap_free: false,
      swap_free_days: '0',
      swap_free_fee: '0',
      execution: 'route',
      margin_call_level: '100',
      stop_out_level: '50',
      allowed_classes: [],
      allowed_instruments: '',
      markup,
      markup_instruments: '',
    };
  }
  return {
    name: group.name,
    description: group.description,
    commission_mode: group.commission_mode,
    commission_rate: plain(group.commission_rate),
    commission_min: plain(group.commission_min),
    currency: group.currency ?? '',
    leverage,
    swap_free: group.swap_free,
    swap_free_days: String(group.swap_free_days),
    swap_free_fee: plain(group.swap_free_fee),
    execution: group.execution,
    margin_call_level: plain(group.margin_call_level),
    stop_out_level: plain(group.stop_out_level),
    allowed_classes: group.allowed_classes,
    allowed_instruments: group.allowed_symbols.join(', '),
    markup,
    markup_instruments: instrumentMarkupText(group.markup),
  };
}

/** A typed number: NaN when empty or not one, which the contract refuses with its message. */
const typed = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** A money field left empty is nothing to charge. */
const amount = (text: string) => text.trim() || '0';

/** The body of POST /admin/groups or PUT /admin/groups/{id} for what the form holds. */
export function toGroupBody(v: GroupFormValues): GroupInput {
  return {
    name: v.name,
    description: v.description,
    commission_mode: v.commission_mode,
    commission_rate: amount(v.commission_rate),
    commission_min: amount(v.commission_min),
    currency: (v.currency || null) as GroupInput['currency'],
    leverage: Object.fromEntries(assetCategories.filter((c) => v.leverage[c].trim() !== '').map((c) => [c, typed(v.leverage[c])])),
    swap_free: v.swap_free,
    swap_free_days: v.swap_free_days.trim() === '' ? 0 : typed(v.swap_free_days),
    swap_free_fee: amount(v.swap_free_fee),
    execution: v.execution,
    margin_call_level: typed(v.margin_call_level),
    stop_out_level: typed(v.stop_out_level),
    allowed_classes: v.allowed_classes,
    allowed_symbols: v.allowed_instruments
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((symbol) => symbol.toUpperCase()),
    markup: {
      ...Object.fromEntries(assetCategories.filter((c) => v.markup[c].trim() !== '').map((c) => [c, typed(v.markup[c])])),
      ...parseInstrumentMarkup(v.markup_instruments),
    },
  };
}

const checkBody = zodResolver(groupInput, undefined, { raw: true });

/** Checks the body the form would send with the contract's schema; the errors land on the fields of the same names. */
export const groupResolver: Resolver<GroupFormValues, unknown, GroupInput> = async (values, context, options) => {
  const body = toGroupBody(values);
  const result = await checkBody(body, context, options as unknown as ResolverOptions<GroupInput>);
  if (Object.keys(result.errors).length > 0) return { values: {}, errors: allowedErrorsOnField(markupErrorsOnFields(result.errors as Record<string, unknown>)) as FieldErrors<GroupFormValues> };
  return { values: body, errors: {} };
};

/** The contract names the allowed instruments' list or one of them (`allowed_symbols.2`): either lands on the one field the form has. */
export function allowedErrorsOnField(errors: Record<string, unknown>): Record<string, unknown> {
  const list = errors.allowed_symbols as Record<string, unknown> | undefined;
  if (!list) return errors;
  const { allowed_symbols: _, ...rest } = errors;
  const hasMessage = (e: unknown): e is { message: string } => typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string';
  const first = hasMessage(list) ? list : Object.values(list).find(hasMessage);
  return first ? { ...rest, allowed_instruments: first } : rest;
}

/** The contract names a markup's key (`markup.EURUSD`): an instrument's lands on the instruments' field, a class's on its own. */
export function markupErrorsOnFields(errors: Record<string, unknown>): Record<string, unknown> {
  const markup = errors.markup as Record<string, { message?: string } | undefined> | undefined;
  if (!markup) return errors;
  const { markup: _, ...rest } = errors;
  const byClass = Object.fromEntries(Object.entries(markup).filter(([key]) => isCategory(key)));
  const instrument = Object.entries(markup).find(([key]) => !isCategory(key) && key !== 'message' && key !== 'type' && key !== 'ref');
  const own = typeof (markup as { message?: unknown }).message === 'string' ? (markup as { message: string; type?: string }) : undefined;
  const onInstruments = instrument?.[1] ?? own;
  return { ...rest, ...(Object.keys(byClass).length > 0 ? { markup: byClass } : {}), ...(onInstruments ? { markup_instruments: onInstruments } : {}) };
}

import { z } from 'zod';
import { assetCategories } from './asset-categories.ts';

/**
 * Customer groups (the dealing desk): the trading terms shared by a set of accounts. Commission is
 * charged per side (on open and on close), per lot or per million of notional, never less than the
 * minimum, in the group's currency. Leverage per asset class is a ceiling over the plan's.
 */
export const commissionModes = ['none', 'per_lot', 'per_million'] as const;
export const groupExecutions = ['route', 'b_book', 'a_book'] as const;
/** Currencies a group's money terms may be in: the account currencies the platform converts. */
export const groupCurrencies = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'AUD', 'CAD'] as const;
/** Limits that keep a typo from becoming a term: per lot, per million, a fee per lot per night. */
export const GROUP_LIMITS = { commissionPerLot: 500, commissionPerMillion: 1000, commissionMin: 500, swapFreeFee: 500, leverage: 1000, markupPoints: 10_000 } as const;

export const groupMessages = {
  name: 'The name must be 2 to 60 characters.',
  nameTaken: 'Another group already has this name.',
  currency: 'A commission or an administration fee needs a currency (USD, EUR, GBP, JPY, CHF, AUD or CAD).',
  commissionRate: (max: number) => `The commission must be between 0 and ${max}.`,
  commissionMin: `The minimum commission must be between 0 and ${GROUP_LIMITS.commissionMin}.`,
  leverage: `Leverage must be a whole number from 1 to ${GROUP_LIMITS.leverage}.`,
  levels: 'The stop-out level must be below the margin-call level.',
  level: 'A margin level must be between 0 and 1000 %.',
  swapFreeFee: `The administration fee must be between 0 and ${GROUP_LIMITS.swapFreeFee} per lot per night.`,
  swapFreeDays: 'The free nights must be a whole number from 0 to 365.',
  inUse: 'Accounts still belong to this group: move them to another group first.',
  planUses: 'A plan’s new accounts join this group: choose another group for that plan first.',
  defaultGroup: 'The default group cannot be removed.',
  notFound: 'No such group.',
  markup: `A markup must be between 0 and ${GROUP_LIMITS.markupPoints} points, in tenths at most.`,
  markupKey: 'A markup is set for an asset class or an instrument symbol (capital letters, digits, . _ - /).',
  markupUnknown: (key: string) => `No asset class or instrument is called ${key}.`,
  allowedSymbol: 'Name each allowed instrument by its symbol (capital letters, digits, . _ - /), at most 500.',
  allowedUnknown: (symbol: string) => `No instrument is called ${symbol}.`,
} as const;

/**
 * A group's markup: points (10^-digits of the instrument) added on each side of the quote, keyed by
 * asset class or by instrument symbol; a symbol's entry wins over its class's.
 */
export const MARKUP_KEY = /^[A-Za-z0-9._/-]{1,24}$/;
export type GroupMarkup = Record<string, number>;

const money = (message: string, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+(\.\d{1,4})?$/, message)], { error: message })
    .transform(Number)
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= max, { message });

const markupPoints = z
  .number({ error: groupMessages.markup })
  .min(0, groupMessages.markup)
  .max(GROUP_LIMITS.markupPoints, groupMessages.markup)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { message: groupMessages.markup });
const markupMap = z.record(z.string().regex(MARKUP_KEY, groupMessages.markupKey), markupPoints).refine((m) => Object.keys(m).length <= 500, { message: groupMessages.markupKey });

const leverageCap = z.number({ error: groupMessages.leverage }).int(groupMessages.leverage).min(1, groupMessages.leverage).max(GROUP_LIMITS.leverage, groupMessages.leverage);
const level = z.number({ error: groupMessages.level }).min(0, groupMessages.level).max(1000, groupMessages.level);

/** POST /admin/groups and PUT /admin/groups/{id}: a group's terms, whole. */
export const groupInput = z
  .strictObject({
    name: z.string().trim().min(2, groupMessages.name).max(60, groupMessages.name),
    description: z.string().trim().max(300).default(''),
    commission_mode: z.enum(commissionModes, { error: 'The commission must be none, per_lot or per_million.' }),
    commission_rate: money(groupMessages.commissionRate(GROUP_LIMITS.commissionPerMillion), GROUP_LIMITS.commissionPerMillion).default(0),
    commission_min: money(groupMessages.commissionMin, GROUP_LIMITS.commissionMin).default(0),
    currency: z.enum(groupCurrencies, { error: groupMessages.currency }).nullable().default(null),
    leverage: z.partialRecord(z.enum(assetCategories), leverageCap).default({}),
    swap_free: z.boolean().default(false),
    swap_free_days: z.number({ error: groupMessages.swapFreeDays }).int(groupMessages.swapFreeDays).min(0, groupMessages.swapFreeDays).max(365, groupMessages.swapFreeDays).default(0),
    swap_free_fee: money(groupMessages.swapFreeFee, GROUP_LIMITS.swapFreeFee).default(0),
    execution: z.enum(groupExecutions, { error: 'Execution must be route, b_book or a_book.' }).default('route'),
    margin_call_level: level.default(100),
    stop_out_level: level.default(50),
    allowed_classes: z.array(z.enum(assetCategories)).max(assetCategories.length).default([]),
    /** When any are named, the group trades only these instruments (of its allowed classes). */
    allowed_symbols: z.array(z.string().regex(MARKUP_KEY, groupMessages.allowedSymbol)).max(500, groupMessages.allowedSymbol).default([]),
    markup: markupMap.default({}),
  })
  .superRefine((g, ctx) => {
    if (g.commission_mode === 'per_lot' && g.commission_rate > GROUP_LIMITS.commissionPerLot) {
      ctx.addIssue({ code: 'custom', path: ['commission_rate'], message: groupMessages.commissionRate(GROUP_LIMITS.commissionPerLot) });
    }
    const charges = g.commission_mode !== 'none' || (g.swap_free && g.swap_free_fee > 0);
    if (charges && !g.currency) ctx.addIssue({ code: 'custom', path: ['currency'], message: groupMessages.currency });
    if (g.stop_out_level >= g.margin_call_level) ctx.addIssue({ code: 'custom', path: ['stop_out_level'], message: groupMessages.levels });
  });
export type GroupInput = z.input<typeof groupInput>;
export type GroupTermsInput = z.output<typeof groupInput>;

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  commission_mode: z.enum(commissionModes),
  commission_rate: z.string(),
  commission_min: z.string(),
  currency: z.string().nullable(),
  leverage: z.partialRecord(z.enum(assetCategories), z.number().int()),
  swap_free: z.boolean(),
  swap_free_days: z.number().int(),
  swap_free_fee: z.string(),
  execution: z.enum(groupExecutions),
  margin_call_level: z.string(),
  stop_out_level: z.string(),
  allowed_classes: z.array(z.enum(assetCategories)),
  allowed_symbols: z.array(z.string()),
  markup: z.record(z.string(), z.number()),
  /** Accounts in the group now. */
  accounts: z.number().int(),
  is_default: z.boolean(),
  updated_at: z.string(),
});
export type CustomerGroup = z.infer<typeof groupSchema>;
export const groupResponse = z.object({ data: groupSchema });
export const groupsResponse = z.object({ data: z.array(groupSchema) });

/** A plan and the group its customers' new accounts join (GET /admin/plan-groups); null: the default group. */
export const planGroupSchema = z.object({ id: z.number().int(), title: z.string(), group_id: z.number().int().nullable() });
export type PlanGroup = z.infer<typeof planGroupSchema>;
export const planGroupsResponse = z.object({ data: z.array(planGroupSchema) });
export const planGroupResponse = z.object({ data: planGroupSchema });
/** PUT /admin/plans/{id}/group: the group new accounts of the plan's customers join (null: the default group); accounts already open stay where they are. */
export const planGroupInput = z.strictObject({ group_id: z.number({ error: 'Choose a group.' }).int().positive('Choose a group.').nullable() });

/** PUT /admin/accounts/{id}/group: moves an account to another group (new orders take its terms). */
export const accountGroupInput = z.strictObject({ group_id: z.number({ error: 'Choose a group.' }).int().positive('Choose a group.') });

/** The order ticket's estimate of an order's costs before it is placed (GET /trades/costs). */
export const orderCostsQuery = z.object({
  id: z.coerce.number().int().positive(),
  volume: z.coerce.number().positive().max(10_000),
  type: z.enum(['buy', 'sell']).default('buy'),
  account_id: z.coerce.number().int().positive().optional(),
});
export const orderCostsSchema = z.object({
  currency: z.string(),
  /** Crossing the spread on this volume now. */
  spread: z.string(),
  /** Commission on opening, and on closing the whole position. */
  commission_open: z.string(),
  commission_close: z.string(),
  /** The swap one night would charge (negative) or pay a long and a short position, null when the instrument has none or the group is swap-free. */
  swap_long: z.string().nullable(),
  swap_short: z.string().nullable(),
  swap_free: z.boolean(),
  group: z.string(),
  /** The group's markup on this instrument, as a price distance added on each side of the quote. */
  markup: z.number(),
  /** The order's value at the price it would fill at, in the account currency: what the percentages are of. */
  notional: z.string(),
  /** Spread and commission on opening and on closing, as paid (positive); swaps come on top for each night held. */
  total: z.string(),
  /**
   * Each cost as a percentage of the notional (4 decimals): spread, commission (both sides) and the
   * total as paid, positive; a night's swap with its sign as above. Null where the money figure is null.
   */
  percent: z.object({ spread: z.string(), commission: z.string(), swap_long: z.string().nullable(), swap_short: z.string().nullable(), total: z.string() }),
});
export type OrderCosts = z.infer<typeof orderCostsSchema>;
export const orderCostsResponse = z.object({ data: orderCostsSchema });

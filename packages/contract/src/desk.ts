import { z } from 'zod';
import { assetCategories } from './asset-categories.ts';

/**
 * The dealing desk (back office, roles admin and dealer): live exposure, hedging rules and hedges,
 * top customers and toxic-flow flags, daily P&L reports. Lots are signed where a net is meant:
 * positive long (customers) or bought (the house), negative short or sold. Money in the house
 * currency (USD) unless a row names its own.
 */
export const HOUSE_CURRENCY = 'USD';

export const deskMessages = {
  threshold: 'The threshold must be between 0.01 and 100000 lots.',
  lots: 'The lots must be between 0.01 and 100000, in steps of 0.01.',
  unknownInstrument: 'No such instrument.',
  ruleNotFound: 'No hedging rule for this instrument.',
  period: 'The period must end after it starts and span at most 366 days.',
  day: 'Give a day as YYYY-MM-DD.',
} as const;

/** Which accounts' positions count: live only (the house's real risk), or demo ones too. */
export const deskAccountsQuery = z.object({ accounts: z.enum(['live', 'all']).default('live') });
export type DeskAccounts = z.infer<typeof deskAccountsQuery>['accounts'];

const lotsValue = (message: string) => z.number({ error: message }).min(0.01, message).max(100_000, message).refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message });

export const hedgeRuleSchema = z.object({
  asset_id: z.number().int(),
  symbol: z.string(),
  threshold_lots: z.number(),
  enabled: z.boolean(),
  /** False from a firing until the uncovered exposure is back under the threshold. */
  armed: z.boolean(),
  updated_at: z.string(),
});
export type HedgeRule = z.infer<typeof hedgeRuleSchema>;
export const hedgeRulesResponse = z.object({ data: z.array(hedgeRuleSchema) });
export const hedgeRuleResponse = z.object({ data: hedgeRuleSchema });
/** PUT /admin/desk/hedge-rules/{assetId}. */
export const hedgeRuleInput = z.strictObject({ threshold_lots: lotsValue(deskMessages.threshold), enabled: z.boolean().default(true) });
export type HedgeRuleInput = z.input<typeof hedgeRuleInput>;
export const assetIdParam = z.object({ assetId: z.coerce.number().int().positive() });

/** One instrument's exposure. */
export const exposureRowSchema = z.object({
  asset_id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  category: z.enum(assetCategories).nullable(),
  quote_currency: z.string(),
  digits: z.number().int().nullable(),
  /** Mid price now; null without a quote. */
  price: z.number().nullable(),
  positions: z.number().int(),
  /** Customers' open lots long and short (both books), their net, and the average opening price of each side. */
  long_lots: z.number(),
  short_lots: z.number(),
  net_lots: z.number(),
  long_avg_price: z.number().nullable(),
  short_avg_price: z.number().nullable(),
  /** Notional at the mid price now, in USD; null without a price or a rate to USD. */
  long_notional: z.number().nullable(),
  short_notional: z.number().nullable(),
  net_notional: z.number().nullable(),
  /** Customers' net lots the house is the counterparty of (B-book), and at venues (A-book). */
  b_book_net_lots: z.number(),
  a_book_net_lots: z.number(),
  /** The house's unrealised P&L on its B-book positions (minus the customers'), in USD. */
  house_pnl: z.number().nullable(),
  /** The house's filled hedges at venues, net; and what is left uncovered: −B-book net + hedges. */
  hedge_net_lots: z.number(),
  house_net_lots: z.number(),
  /** The venue the instrument's orders and hedges go to; null: hedges are recorded as tickets. */
  venue: z.string().nullable(),
  rule: hedgeRuleSchema.nullable(),
});
export type ExposureRow = z.infer<typeof exposureRowSchema>;

/** One asset class's totals. */
export const exposureClassSchema = z.object({
  category: z.enum(assetCategories).nullable(),
  positions: z.number().int(),
  long_notional: z.number(),
  short_notional: z.number(),
  net_notional: z.number(),
  house_pnl: z.number(),
});
export type ExposureClass = z.infer<typeof exposureClassSchema>;

/** GET /admin/desk/exposure. */
export const exposureSchema = z.object({
  currency: z.literal(HOUSE_CURRENCY),
  accounts: z.enum(['live', 'all']),
  instruments: z.array(exposureRowSchema),
  classes: z.array(exposureClassSchema),
  total: z.object({ house_pnl: z.number(), long_notional: z.number(), short_notional: z.number() }),
  at: z.string(),
});
export type Exposure = z.infer<typeof exposureSchema>;
export const exposureResponse = z.object({ data: exposureSchema });

export const hedgeOrigins = ['rule', 'manual'] as const;
export const hedgeStatuses = ['ticket', 'sent', 'filled', 'partial', 'rejected'] as const;
export const hedgeSchema = z.object({
  id: z.number().int(),
  asset_id: z.number().int(),
  symbol: z.string(),
  origin: z.enum(hedgeOrigins),
  side: z.enum(['buy', 'sell']),
  lots: z.number(),
  /** The uncovered lots that fired the rule, and its threshold then; null for a manual hedge. */
  exposure_lots: z.number().nullable(),
  threshold_lots: z.number().nullable(),
  venue: z.string().nullable(),
  status: z.enum(hedgeStatuses),
  filled_lots: z.number().nullable(),
  average_price: z.number().nullable(),
  text: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type Hedge = z.infer<typeof hedgeSchema>;
export const hedgesQuery = z.object({ asset_id: z.coerce.number().int().positive().optional(), page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const HEDGES_PAGE_SIZE = 25;
/** POST /admin/desk/hedges: a hedge by hand, in the house's direction. */
export const manualHedgeInput = z.strictObject({ asset_id: z.number().int().positive(), side: z.enum(['buy', 'sell']), lots: lotsValue(deskMessages.lots) });
export type ManualHedgeInput = z.input<typeof manualHedgeInput>;
export const hedgeResponse = z.object({ data: hedgeSchema });

/** A period of whole UTC days, `from` to `to` inclusive; the last 30 days by default. */
const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, deskMessages.day).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), deskMessages.day);
const periodFields = { from: dayString.optional(), to: dayString.optional() };
const periodValid = (p: { from?: string; to?: string }) => !p.from || !p.to || (p.from <= p.to && Date.parse(p.to) - Date.parse(p.from) <= 366 * 86_400_000);
const periodIssue = { message: deskMessages.period, path: ['to'] };
export const deskPeriodQuery = z.object(periodFields).refine(periodValid, periodIssue);
export type DeskPeriod = z.infer<typeof deskPeriodQuery>;
/** GET /admin/desk/reports/daily (and its .csv): a period and which accounts. */
export const dailyPnlQuery = z.object({ ...periodFields, accounts: z.enum(['live', 'all']).default('live') }).refine(periodValid, periodIssue);

/** A trading account's trading over the period. */
export const customerFiguresSchema = z.object({
  account_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(['demo', 'live']),
  currency: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
  /** Positions closed in the period, their lots and realised P&L (account currency); lots opened. */
  closed_trades: z.number().int(),
  realised_pnl: z.number(),
  opened_lots: z.number(),
  /** Notional opened in the period, in the account currency at the fill. */
  opened_notional: z.number(),
});
export type CustomerFigures = z.infer<typeof customerFiguresSchema>;
export const topCustomersSchema = z.object({ from: z.string(), to: z.string(), by_pnl: z.array(customerFiguresSchema), by_volume: z.array(customerFiguresSchema) });
export const topCustomersResponse = z.object({ data: topCustomersSchema });

/** Toxic-flow screening: many positions closed at a profit within `within_seconds` of opening. */
export const toxicFlowQuery = z
  .object({
  ...periodFields,
  within_seconds: z.coerce.number().int().min(1).max(3600).default(60),
  min_trades: z.coerce.number().int().min(2).max(1000).default(5),
  /** Share of the quick trades that won, in percent, at or over which an account is flagged. */
  min_win_rate: z.coerce.number().min(0).max(100).default(70),
  })
  .refine(periodValid, periodIssue);
export const toxicFlagSchema = customerFiguresSchema.extend({
  /** Positions closed within the window, of which at a profit; their profit, win rate and median holding time. */
  quick_trades: z.number().int(),
  quick_wins: z.number().int(),
  quick_profit: z.number(),
  win_rate: z.number(),
  median_seconds: z.number(),
});
export type ToxicFlag = z.infer<typeof toxicFlagSchema>;
export const toxicFlowResponse = z.object({ data: z.object({ from: z.string(), to: z.string(), within_seconds: z.number(), min_trades: z.number(), min_win_rate: z.number(), flags: z.array(toxicFlagSchema) }) });

/** A day's P&L of one group and instrument, in the accounts' currency; income to the house positive. */
export const dailyPnlRowSchema = z.object({
  day: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
  asset_id: z.number().int(),
  symbol: z.string(),
  currency: z.string(),
  /** Fills (positions opened) and their lots. */
  trades: z.number().int(),
  lots: z.number(),
  /** Spread crossed by the day's fills (their spread cost). */
  spread_income: z.number(),
  /** Commissions and swaps charged to customers (income to the house, positive). */
  commissions: z.number(),
  swaps: z.number(),
  /** Customers' realised P&L of the day's closes (positive: customers won). */
  realised_pnl: z.number(),
  /** The house's result: commissions + swaps − customers' realised P&L on B-book positions. */
  house_pnl: z.number(),
});
export type DailyPnlRow = z.infer<typeof dailyPnlRowSchema>;
export const dailyPnlResponse = z.object({ data: z.object({ from: z.string(), to: z.string(), rows: z.array(dailyPnlRowSchema), snapshots: z.array(z.string()) }) });

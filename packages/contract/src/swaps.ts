import { z } from 'zod';
import { SWAP_RATE_LIMITS } from '@bourse/domain';
import { assetType } from './assets.ts';
import { paged } from './common.ts';

/**
 * Swaps (overnight financing) per instrument, set in the back office. `percent`: percent a year of
 * the position's notional (day count 360 for forex and metals, 365 otherwise); `points`: points per
 * lot per night. A positive rate is paid to the trader, a negative one charged. The triple day
 * charges three nights; `null` means none, and the swap is charged every calendar day (crypto).
 */
export const swapUnits = ['percent', 'points'] as const;
export const swapUnit = z.enum(swapUnits, { error: 'The unit must be percent (a year of the notional) or points (per lot per night).' });
export type SwapUnitName = (typeof swapUnits)[number];

/** Weekdays a triple swap may fall on, ISO numbered from Monday = 1. */
export const swapTripleDays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
export type SwapTripleDay = (typeof swapTripleDays)[number];
export const swapTripleDay = z.enum(swapTripleDays, { error: 'The triple day must be a weekday (monday to friday), or null for none.' }).nullable();

/** A rate as a number or a decimal string (kept to 6 decimals). */
const rate = (name: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, `The ${name} must be a number.`)], { error: `The ${name} must be a number.` })
    .transform((v) => Number(v))
    .refine((v) => Number.isFinite(v), { message: `The ${name} must be a number.` });

/** PUT /admin/swap-rates/:symbol: an instrument's swap terms. */
export const swapRateInput = z
  .strictObject({
    long_rate: rate('long rate'),
    short_rate: rate('short rate'),
    unit: swapUnit,
    triple_day: swapTripleDay,
  })
  .superRefine((v, ctx) => {
    const limit = SWAP_RATE_LIMITS[v.unit];
    const what = v.unit === 'percent' ? '% a year' : 'points per lot';
    for (const field of ['long_rate', 'short_rate'] as const) {
      if (Math.abs(v[field]) > limit) {
        ctx.addIssue({ code: 'custom', path: [field], message: `The ${field.replace('_', ' ')} must be between -${limit} and ${limit} ${what}.` });
      }
    }
  });
export type SwapRateInput = z.input<typeof swapRateInput>;

/** An instrument's swap terms as the back office sees them; `custom` false: the defaults (no swap, the class's triple day). */
export const swapRateSchema = z.object({
  asset_id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  type: assetType,
  long_rate: z.string(),
  short_rate: z.string(),
  unit: swapUnit,
  triple_day: swapTripleDay,
  /** Days a `percent` rate is divided over: 360 for forex and metals, 365 otherwise. */
  day_count: z.number().int(),
  custom: z.boolean(),
  updated_at: z.string().nullable(),
});
export type SwapRate = z.infer<typeof swapRateSchema>;

/** GET /admin/swap-rates: instruments and their swaps, searchable; `custom=true` lists only those set in the back office. */
export const swapRatesQuery = z.object({
  search: z.string().max(100).optional(),
  type: assetType.optional(),
  custom: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const SWAP_RATES_PAGE_SIZE = 50;
export const swapRatesResponse = paged(swapRateSchema);
export const swapRateResponse = z.object({ data: swapRateSchema });
export const swapSymbolParam = z.object({ symbol: z.string().min(1).max(40) });

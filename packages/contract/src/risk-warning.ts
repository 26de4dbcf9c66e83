import { z } from 'zod';

/**
 * The figure of the risk warning (ESMA's product-intervention measures on CFDs): the percentage of
 * retail investor accounts that lost money over twelve months, computed each quarter from the
 * ledger, or the operator's figure until a computation finds accounts to count. `percent` null:
 * no figure yet, and the warning gives ESMA's standard range instead.
 */
export const riskWarningSchema = z.object({
  percent: z.number().int().min(0).max(100).nullable(),
  source: z.enum(['computed', 'operator']).nullable(),
  /** The last day of the twelve months the computed figure covers (YYYY-MM-DD). */
  period_end: z.string().nullable(),
});
export type RiskWarning = z.infer<typeof riskWarningSchema>;
export const riskWarningResponse = z.object({ data: riskWarningSchema });

/** One quarter's computation, for the back office. */
export const riskWarningPeriodSchema = z.object({
  period_start: z.string(),
  period_end: z.string(),
  accounts_counted: z.number().int(),
  accounts_lost: z.number().int(),
  percent: z.number().int().nullable(),
  computed_at: z.string(),
});
export type RiskWarningPeriod = z.infer<typeof riskWarningPeriodSchema>;
export const riskWarningPeriodsResponse = z.object({ data: z.array(riskWarningPeriodSchema), current: riskWarningSchema });

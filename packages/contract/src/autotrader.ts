import { z } from 'zod';

/** SPEC §4 Auto Trader risk levels; medium is the default choice. */
export const autotraderRisks = ['low', 'medium', 'high'] as const;
export const autotraderRisk = z.enum(autotraderRisks);
export type AutotraderRisk = z.infer<typeof autotraderRisk>;

/** SPEC §7 POST /update/autotrader. */
export const updateAutotraderRequest = z.strictObject({ autotrader_type: autotraderRisk });
export const autotraderResponse = z.object({ status: z.literal('success'), message: z.string() });

/** SPEC §9: the most trades an Auto Trader keeps open at once, by risk (null: no cap). */
export const autotraderMaxOpenTrades: Record<AutotraderRisk, number | null> = { low: 2, medium: 4, high: null };

/** Server messages; the pending one must contain "pending auto trader request" (SPEC §8). */
export const autotraderMessages = {
  requested: 'AutoTrader settings saved successfully',
  pending: 'You already have a pending auto trader request. Please wait for approval.',
  active: 'Auto Trader is already active on your account.',
  switchedOff: 'Auto Trader has been switched off.',
  notActive: 'Auto Trader is not active on your account.',
  notPending: 'This request has already been decided.',
  notFound: 'Request not found',
} as const;

export const autotraderRequestStatus = z.enum(['pending', 'approved', 'rejected']);

/** Back office: one Auto Trader request with who asked and who decided. */
export const adminAutotraderRequest = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  risk: autotraderRisk,
  status: autotraderRequestStatus,
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAutotraderRequest = z.infer<typeof adminAutotraderRequest>;
export const adminAutotraderRequestsQuery = z.object({ status: autotraderRequestStatus.optional() });
export const adminAutotraderRequestsResponse = z.object({ data: z.array(adminAutotraderRequest) });
export const rejectAutotraderRequest = z.strictObject({ reason: z.string().trim().min(1, 'Say why the request is rejected.').max(500) });

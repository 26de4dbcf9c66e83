import { z } from 'zod';
import { assetCategory } from './settings.ts';

/** Server messages about plans and plan requests. */
export const planMessages = {
  requested: 'Your plan upgrade request has been sent. We will let you know once it is reviewed.',
  pending: 'You already have a pending plan request. Please wait for approval.',
  samePlan: 'You are already on this plan.',
  notFound: 'Plan not found',
  requestNotFound: 'Request not found',
  notPending: 'This request has already been decided.',
  approved: 'Plan request approved.',
  rejected: 'Plan request rejected.',
} as const;

/** SPEC §3 Plan, with the leverage ceilings per asset class. `features` follow `plan_features`. */
export const planSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
  leverage: z.number().int(),
  features: z.array(z.string()),
  max_leverage: z.partialRecord(assetCategory, z.number().int()),
});
export type Plan = z.infer<typeof planSchema>;

export const planRequestStatus = z.enum(['pending', 'approved', 'rejected']);
export type PlanRequestStatus = z.infer<typeof planRequestStatus>;

/** The caller's latest plan request, so the dialog can show a pending one. */
export const ownPlanRequest = z.object({
  id: z.number().int(),
  to_plan_id: z.number().int(),
  status: planRequestStatus,
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type OwnPlanRequest = z.infer<typeof ownPlanRequest>;

/** GET /plans: the plans in order, the feature names their values follow, the caller's last request. */
export const plansResponse = z.object({
  data: z.array(planSchema),
  plan_features: z.array(z.string()),
  request: ownPlanRequest.nullable(),
});
export type PlansResponse = z.infer<typeof plansResponse>;

/** POST /plans/request. */
export const planUpgradeRequest = z.strictObject({ plan_id: z.number().int().positive() });
export const planRequestResponse = z.object({ status: z.literal('success'), message: z.string(), data: ownPlanRequest });
export const planDecisionResponse = z.object({ status: z.literal('success'), message: z.string() });

/** Back office: one plan request with who asked, the plans involved and who decided. */
export const adminPlanRequest = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  from_plan: z.string(),
  to_plan: z.string(),
  status: planRequestStatus,
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPlanRequest = z.infer<typeof adminPlanRequest>;
export const adminPlanRequestsQuery = z.object({ status: planRequestStatus.optional() });
export const adminPlanRequestsResponse = z.object({ data: z.array(adminPlanRequest) });
export const rejectPlanRequest = z.strictObject({ reason: z.string().trim().min(1, 'Say why the request is rejected.').max(500) });

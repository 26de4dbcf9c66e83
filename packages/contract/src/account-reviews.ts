import { z } from 'zod';

/** Server messages about live accounts that wait for the operator's approval. */
export const accountReviewMessages = {
  awaitingApproval: 'This account is awaiting approval. You can use it once the Client Management Team approves it.',
  notApproved: 'This account was not approved and cannot be used.',
  notFound: 'Account not found.',
  notPending: 'This account has already been decided.',
  approved: 'Account approved.',
  rejected: 'Account rejected.',
  reasonRequired: 'Say why the account is rejected.',
} as const;

export const accountRequestStatus = z.enum(['pending', 'approved', 'rejected']);

/** Back office: a live account held for review, with the customer it belongs to and the decision. */
export const adminAccountRequest = z.object({
  /** The trading account's id: approving or rejecting acts on the account itself. */
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  client_id: z.string(),
  customer_status: z.string(),
  /** The customer's other accounts of the same kind that are in use. */
  active_live_accounts: z.number().int(),
  number: z.string(),
  kind: z.enum(['demo', 'live']),
  currency: z.string(),
  /** As a request: an approved account is the one now in use. */
  status: accountRequestStatus,
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAccountRequest = z.infer<typeof adminAccountRequest>;
export const adminAccountRequestsQuery = z.object({ status: accountRequestStatus.optional() });
export const adminAccountRequestsResponse = z.object({ data: z.array(adminAccountRequest), counts: z.object({ pending: z.number().int() }) });
export const rejectAccountRequest = z.strictObject({ reason: z.string().trim().min(1, accountReviewMessages.reasonRequired).max(500) });
export const accountDecisionResponse = z.object({ status: z.literal('success'), message: z.string() });

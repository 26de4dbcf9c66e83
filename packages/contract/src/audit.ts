import { z } from 'zod';

/** One entry of the back office's append-only audit log. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_role: z.enum(['customer', 'admin', 'support', 'dealer', 'system']),
  /** What happened, as `subject.verb` (e.g. `deposit.approved`). */
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  user_id: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.object({
  user_id: z.coerce.number().int().positive().optional(),
  subject_type: z.string().max(40).optional(),
  subject_id: z.string().max(40).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const auditResponse = z.object({ data: z.array(auditEntrySchema) });

/** A calendar day, `YYYY-MM-DD` (UTC). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');

/**
 * GET /admin/audit-log: the whole log for staff. `actor` and `customer` take a user id, or part
 * of an e-mail address (`actor` also takes `system`); `from` and `to` are days, both included.
 */
export const auditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  actor: z.string().trim().max(120).optional(),
  customer: z.string().trim().max(120).optional(),
  action: z.string().max(60).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** An audit entry with the e-mail addresses of who acted and of the customer concerned. */
export const auditLogEntrySchema = auditEntrySchema.extend({ actor_email: z.string().nullable(), customer_email: z.string().nullable() });
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export const auditActionsResponse = z.object({ data: z.array(z.string()) });

/**
 * GET /admin/audit-log/verify: the log's hash chain checked. `broken_at` is the first entry whose
 * own hash (`changed`) or link to the entry before (`link`: one removed or slipped in) fails;
 * `head`, the latest entry's hash, kept elsewhere also shows entries cut off the end.
 */
export const auditChainResponse = z.object({
  data: z.object({
    entries: z.number().int(),
    intact: z.boolean(),
    broken_at: z.object({ id: z.number().int(), reason: z.enum(['changed', 'link']) }).nullable(),
    head: z.string().nullable(),
  }),
});

/** The actions the server writes, as people read them (the web client translates the same words). */
export const auditActionLabels: Record<string, string> = {
  'account.adjusted': 'Balance adjusted',
  'account.group': 'Account moved to another group',
  'account.opened': 'Account opened',
  'account.reset': 'Demo account reset',
  'autotrader.approved': 'Auto Trader approved',
  'autotrader.rejected': 'Auto Trader rejected',
  'client_category.approved': 'Professional treatment approved',
  'client_category.evidence_viewed': 'Professional evidence viewed',
  'client_category.rejected': 'Professional treatment rejected',
  'client_category.requested': 'Professional treatment requested',
  'client_category.reverted': 'Back to retail client',
  'catalogue.created': 'Catalogue item created',
  'catalogue.edited': 'Catalogue item edited',
  'corporate_action.create': 'Dividend entered',
  'corporate_action.delete': 'Dividend removed',
  'corporate_action.import': 'Dividends imported',
  'deposit.approved': 'Deposit approved',
  'deposit.cancelled': 'Deposit cancelled',
  'deposit.completed': 'Deposit completed',
  'deposit.declined': 'Deposit declined',
  'deposit.rejected': 'Deposit rejected',
  'deposit.requested': 'Deposit requested',
  'leverage.updated': 'Leverage changed',
  'plan.approved': 'Plan approved',
  'plan.group': 'Plan’s group changed',
  'plan.rejected': 'Plan rejected',
  'preferences.updated': 'Preferences changed',
  'profile.avatar_changed': 'Profile picture changed',
  'profile.avatar_removed': 'Profile picture removed',
  'profile.updated': 'Profile changed',
  'savings.deposited': 'Moved to savings',
  'savings.withdrawn': 'Taken from savings',
  'security.email_change_requested': 'E-mail change requested',
  'security.email_changed': 'E-mail changed',
  'security.other_sessions_ended': 'Other sessions signed out',
  'security.password_changed': 'Password changed',
  'security.recovery_code_used': 'Recovery code used',
  'security.session_ended': 'Session signed out',
  'security.two_factor_disabled': 'Two-factor sign-in turned off',
  'security.two_factor_enabled': 'Two-factor sign-in turned on',
  'group.create': 'Customer group created',
  'group.delete': 'Customer group removed',
  'group.update': 'Customer group changed',
  'hedge.placed': 'Hedge placed',
  'hedge_rule.removed': 'Hedging rule removed',
  'hedge_rule.set': 'Hedging rule set',
  'swap_rate.removed': 'Swap rate removed',
  'swap_rate.set': 'Swap rate set',
  'settings.updated': 'Site settings changed',
  'transfer.completed': 'Transfer completed',
  'user.active': 'Client approved',
  'user.deactivated': 'Client deactivated',
  'user.role_dealer': 'Made a dealer',
  'user.pending': 'Client put under review',
  'user.login_link_issued': 'Sign-in link issued',
  'user.role_admin': 'Made an admin',
  'user.role_customer': 'Made a customer',
  'user.role_support': 'Made support staff',
  'user.signed_out': 'Client signed out',
  'verification.approved': 'Document approved',
  'verification.rejected': 'Document rejected',
  'verification.uploaded': 'Document uploaded',
  'wallet.created': 'Receiving wallet added',
  'wallet.edited': 'Receiving wallet edited',
  'withdrawal.approved': 'Withdrawal approved',
  'withdrawal.cancelled': 'Withdrawal cancelled',
  'withdrawal.completed': 'Withdrawal paid',
  'withdrawal.rejected': 'Withdrawal rejected',
  'withdrawal.requested': 'Withdrawal requested',
};

/** An action as people read it; actions added later read as their words ('robot.kill_switch' → 'Robot kill switch'). */
export function auditActionLabel(action: string): string {
  const known = auditActionLabels[action];
  if (known) return known;
  const words = action.replaceAll(/[._-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Other';
}

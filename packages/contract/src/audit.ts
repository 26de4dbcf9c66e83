import { z } from 'zod';

/** One entry of the back office's append-only audit log. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_role: z.enum(['customer', 'admin', 'support', 'system']),
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

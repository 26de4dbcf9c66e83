import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { AuthInfo } from '../../http/auth.ts';

export type AuditActor = Pick<AuthInfo, 'userId' | 'role'> | 'system';

export type AuditRecord = {
  action: string;
  subjectType: string;
  subjectId?: string | number | null;
  /** The customer the action concerns. */
  userId?: number | null;
  details?: Record<string, unknown>;
};

/**
 * Appends one entry to the audit log. Pass the transaction that makes the change, so the entry
 * exists exactly when the change does.
 */
export async function audit(db: DbOrTx, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor === 'system' ? null : actor.userId,
    actorRole: actor === 'system' ? 'system' : actor.role,
    action: record.action,
    subjectType: record.subjectType,
    subjectId: record.subjectId == null ? null : String(record.subjectId),
    userId: record.userId ?? null,
    details: record.details ?? {},
  });
}

/** The newest entries first, optionally about one customer or one subject, before an id (for paging). */
export async function auditEntries(db: DbOrTx, filter: { userId?: number; subjectType?: string; subjectId?: string; before?: number; limit: number }): Promise<AuditEntry[]> {
  const where: SQL[] = [];
  if (filter.userId !== undefined) where.push(eq(auditLog.userId, filter.userId));
  if (filter.subjectType !== undefined) where.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId !== undefined) where.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.before !== undefined) where.push(lt(auditLog.id, filter.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
  return rows.map(auditEntryView);
}

/** An audit row as the API shows it. */
export const auditEntryView = (r: typeof auditLog.$inferSelect): AuditEntry => ({
  id: r.id,
  actor_id: r.actorId,
  actor_role: r.actorRole,
  action: r.action,
  subject_type: r.subjectType,
  subject_id: r.subjectId,
  user_id: r.userId,
  details: r.details,
  created_at: r.createdAt.toISOString(),
});

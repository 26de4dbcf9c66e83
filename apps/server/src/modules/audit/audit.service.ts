import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditEntry } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/statement.ts';
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

/** What a check of the audit log's chain found. */
export type AuditChainCheck = { entries: number; intact: boolean; brokenAt: { id: number; reason: 'changed' | 'link' } | null; head: string | null };

/**
 * Checks every entry's hash and its link to the entry before (in the database, in one pass). An
 * entry changed shows as 'changed'; one removed or slipped in, as a broken 'link' at the next.
 * `head` is the latest hash: kept somewhere else, it also shows entries cut off the end.
 */
export async function checkAuditChain(db: DbOrTx): Promise<AuditChainCheck> {
  const [first] = rowsOf<{ id: string; reason: 'changed' | 'link' }>(await db.execute(sql`SELECT id::text AS id, reason FROM audit_log_break()`));
  const [summary] = rowsOf<{ entries: string; head: string | null }>(
    await db.execute(sql`SELECT count(*)::text AS entries, (SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1) AS head FROM audit_log`),
  );
  return { entries: Number(summary?.entries ?? 0), intact: !first, brokenAt: first ? { id: Number(first.id), reason: first.reason } : null, head: summary?.head ?? null };
}

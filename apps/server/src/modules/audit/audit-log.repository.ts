import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditLogEntry, AuditLogQuery } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { auditEntryView } from './audit.service.ts';

export const AUDIT_PAGE_SIZE = 50;
/** An export is one file a spreadsheet opens; a longer history is exported a date range at a time. */
export const AUDIT_EXPORT_LIMIT = 50_000;

const actors = alias(users, 'actors');
const customers = alias(users, 'customers');

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A person asked for by id ("12" or "#12") or by part of their e-mail address. */
function person(email: typeof actors.email | typeof customers.email, idColumn: typeof auditLog.actorId | typeof auditLog.userId, text: string): SQL {
  const id = /^#?(\d{1,9})$/.exec(text);
  return id ? eq(idColumn, Number(id[1])) : ilike(email, escapeLike(text));
}

function conditions(q: Omit<AuditLogQuery, 'page'>): SQL | undefined {
  const where: SQL[] = [];
  if (q.actor) where.push(q.actor.toLowerCase() === 'system' ? eq(auditLog.actorRole, 'system') : person(actors.email, auditLog.actorId, q.actor));
  if (q.customer) where.push(person(customers.email, auditLog.userId, q.customer));
  if (q.action) where.push(eq(auditLog.action, q.action));
  // Days are UTC calendar days, both ends included.
  if (q.from) where.push(gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(auditLog.createdAt, sql`${`${q.to}T00:00:00Z`}::timestamptz + interval '1 day'`));
  return where.length ? and(...where) : undefined;
}

/** The log with both people joined, newest first; `offset`/`limit` page it. */
export async function searchAuditLog(db: DbOrTx, q: Omit<AuditLogQuery, 'page'>, offset: number, limit: number): Promise<AuditLogEntry[]> {
  const rows = await db
    .select({ entry: auditLog, actorEmail: actors.email, customerEmail: customers.email })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(customers, eq(customers.id, auditLog.userId))
    .where(conditions(q))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ entry, actorEmail, customerEmail }) => ({ ...auditEntryView(entry), actor_email: actorEmail, customer_email: customerEmail }));
}

export async function countAuditLog(db: DbOrTx, q: Omit<AuditLogQuery, 'page'>): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(customers, eq(customers.id, auditLog.userId))
    .where(conditions(q));
  return row?.n ?? 0;
}

/** Every action the log holds, for the filter's list (new kinds of action appear without a release). */
export async function auditActions(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((r) => r.action);
}

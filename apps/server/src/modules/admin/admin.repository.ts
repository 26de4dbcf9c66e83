import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tradingAccounts, users } from '../../db/schema/index.ts';

export const CLIENTS_PAGE_SIZE = 25;

/** Clients matching a search over name, email, username and account id, newest first. */
export async function searchClients(db: DbOrTx, q: { search?: string; status?: 'active' | 'pending' | 'deactivated'; page: number }) {
  const filters: SQL[] = [];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        ilike(users.email, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(users.username, like),
        ilike(users.accountId, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      )!,
    );
  }
  if (q.status) filters.push(eq(users.status, q.status));
  const where = filters.length ? and(...filters) : undefined;
  const firstBalance = sql<string>`coalesce((select ${tradingAccounts.balance} from ${tradingAccounts} where ${tradingAccounts.userId} = ${users.id} order by ${tradingAccounts.id} limit 1), 0)::text`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, balance: firstBalance })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(CLIENTS_PAGE_SIZE)
      .offset((q.page - 1) * CLIENTS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

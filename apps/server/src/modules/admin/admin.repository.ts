import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export const CLIENTS_PAGE_SIZE = 25;

export type ClientBalance = { kind: 'live' | 'demo'; currency: string; amount: string };

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
  // Every account counts, live apart from demo: a demo balance says nothing about the client's money.
  // Written with qualified names: in a select of one table the ORM leaves columns unqualified, and
  // a bare "id" inside the subquery would be the account's, not the client's.
  const balances = sql<ClientBalance[]>`coalesce((
    select json_agg(json_build_object('kind', b.kind, 'currency', b.currency, 'amount', b.total::text) order by b.kind desc, b.currency)
    from (select ta.kind, ta.currency, sum(ta.balance) as total from trading_accounts ta where ta.user_id = "users"."id" group by ta.kind, ta.currency) b), '[]'::json)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, balances })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(CLIENTS_PAGE_SIZE)
      .offset((q.page - 1) * CLIENTS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

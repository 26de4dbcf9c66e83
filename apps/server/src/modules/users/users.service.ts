import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { User } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { statement } from '../../db/statement.ts';
import type { UserRow } from './users.repository.ts';
import { avatarLink } from '../../lib/avatar-links.ts';
import { isOnline } from './presence.ts';

/**
 * Extra user fields owned by other modules (unread chat count, owned robots), each a SQL expression
 * over the `users` row, registered when those modules load (before the first view is built). They
 * name the row's columns `users.<column>` in plain text: drizzle leaves the table out of a column it
 * renders in a one-table query, which inside a subquery would name the subquery's own column.
 */
export type UserExtras = { unread_count: number; eas: number[] };
const extraColumns: { [K in keyof UserExtras]?: SQL<UserExtras[K]> } = {};
export function addUserExtra<K extends keyof UserExtras>(field: K, expression: SQL<UserExtras[K]>): void {
  extraColumns[field] = expression as (typeof extraColumns)[K];
}

/** What a user view reads: the database, and the upload settings that sign the avatar link. */
type ViewContext = Pick<AppContext, 'db' | 'config'>;

type AccountJson = { id: number; number: string; kind: 'demo' | 'live'; currency: string; balance: string; credit: string; status: User['accounts'][number]['status']; review_reason: string | null };
type PlanJson = User['account_type'];
type NoteJson = { id: number; title: string; message: string; color: 'danger' | 'success' | 'warning' | 'info'; read: boolean; created_at: string; title_key: string | null; message_key: string | null; params: Record<string, string | number> };

/**
 * Everything GET /user shows, in one prepared statement: the user row with their accounts, plan,
 * unread notifications and the other modules' extras beside it as JSON. Made as separate queries it
 * was seven round trips a request, several of them one after another.
 */
const userViewRow = statement('user_view', (db) =>
  db
    .select({
      ...getTableColumns(users),
      accountsJson: sql<AccountJson[]>`(SELECT coalesce(json_agg(json_build_object('id', a.id, 'number', a.number, 'kind', a.kind, 'currency', a.currency,
          'balance', a.balance::text, 'credit', a.credit::text, 'status', a.status, 'review_reason', a.review_reason) ORDER BY a.id), '[]')
        FROM trading_accounts a WHERE a.user_id = users.id)`,
      planJson: sql<PlanJson>`(SELECT json_build_object('id', t.id, 'title', t.title, 'color', t.color, 'icon', t.icon, 'image', t.image, 'leverage', t.leverage)
        FROM account_types t WHERE t.id = users.account_type_id)`,
      notesJson: sql<NoteJson[]>`(SELECT coalesce(json_agg(n ORDER BY n.id DESC), '[]') FROM (
          SELECT n.id, n.title, n.message, n.color, n.read, n.created_at, n.title_key, n.message_key, n.params FROM notifications n
           WHERE n.user_id = users.id AND n.read = false ORDER BY n.id DESC LIMIT 20) n)`,
      unreadCount: extraColumns.unread_count ?? sql<number>`0`,
      eas: extraColumns.eas ?? sql<number[]>`'[]'::json`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1),
);

/** The user as GET /user returns it (SPEC §3 User), shown to the user or to staff. */
export async function userViewById(ctx: ViewContext, id: number): Promise<User | null> {
  const [row] = await userViewRow(ctx.db, { id });
  if (!row) return null;
  const accounts = row.accountsJson;
  const plan = row.planJson;
  const first = accounts[0];
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    name: `${row.firstName} ${row.lastName}`,
    username: row.username,
    email: row.email,
    phone: row.phone,
    country: row.country,
    nationality: row.nationality,
    avatar: avatarLink(ctx.config.uploads, row.avatar),
    account_id: row.accountId,
    role: row.role,
    status: row.status,
    balance: first?.balance ?? '0.00',
    credit_balance: first?.credit ?? '0.00',
    notifications: row.notesJson.map((n) => ({
      id: n.id,
      title: n.title,
      message: n.message,
      color: n.color,
      title_key: n.title_key,
      message_key: n.message_key,
      params: n.params,
      read: n.read,
      created_at: new Date(n.created_at).toISOString(),
    })),
    is_online: isOnline(row.lastSeenAt),
    unread_count: Number(row.unreadCount),
    accounts: accounts.map((a) => ({
      id: a.id,
      number: a.number,
      title: `${a.kind === 'demo' ? 'Demo' : 'Live'} ${a.number}`,
      kind: a.kind,
      currency: a.currency,
      balance: a.balance,
      credit: a.credit,
      status: a.status,
      rejection_reason: a.status === 'rejected' ? a.review_reason : null,
    })),
    account_type: { id: plan.id, title: plan.title, color: plan.color, icon: plan.icon, image: plan.image, leverage: plan.leverage },
    autotrader: row.autotrader,
    eas: row.eas,
    client_category: row.clientCategory,
    created_at: row.createdAt.toISOString(),
  };
}

/** The view of a user whose row the caller already has (just signed in or created). */
export async function userView(ctx: ViewContext, row: UserRow): Promise<User> {
  const view = await userViewById(ctx, row.id);
  if (!view) throw new Error(`user ${row.id} is gone`);
  return view;
}

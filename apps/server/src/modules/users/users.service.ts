import type { User } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accountsOfUser } from '../accounts/accounts.repository.ts';
import { accountTypeOf, findUserById, unreadNotifications, type UserRow } from './users.repository.ts';
import { avatarLink } from '../../lib/avatar-links.ts';
import { isOnline } from './presence.ts';
import { noteView } from '../notifications/notifications.service.ts';

/** Extra user fields owned by other modules (unread chat count, owned robots), registered at start. */
export type UserExtras = { unread_count?: number; eas?: number[] };
const extraProviders: ((db: DbOrTx, userId: number) => Promise<UserExtras>)[] = [];
export function addUserExtras(provider: (db: DbOrTx, userId: number) => Promise<UserExtras>): void {
  extraProviders.push(provider);
}

/** What a user view reads: the database, and the upload settings that sign the avatar link. */
type ViewContext = Pick<AppContext, 'db' | 'config'>;

/** The user as GET /user returns it (SPEC §3 User), shown to the user or to staff. */
export async function userView(ctx: ViewContext, row: UserRow): Promise<User> {
  const db = ctx.db;
  const [accounts, plan, notes, extras] = await Promise.all([
    accountsOfUser(db, row.id),
    accountTypeOf(db, row.accountTypeId),
    unreadNotifications(db, row.id),
    Promise.all(extraProviders.map((p) => p(db, row.id))),
  ]);
  const extra = Object.assign({}, ...extras) as UserExtras;
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
    notifications: notes.map((n) => ({ ...noteView(n), read: n.read, created_at: n.createdAt.toISOString() })),
    is_online: isOnline(row.lastSeenAt),
    unread_count: extra.unread_count ?? 0,
    accounts: accounts.map((a) => ({
      id: a.id,
      number: a.number,
      title: `${a.kind === 'demo' ? 'Demo' : 'Live'} ${a.number}`,
      kind: a.kind,
      currency: a.currency,
      balance: a.balance,
      credit: a.credit,
      status: a.status,
      rejection_reason: a.status === 'rejected' ? a.reviewReason : null,
    })),
    account_type: { id: plan.id, title: plan.title, color: plan.color, icon: plan.icon, image: plan.image, leverage: plan.leverage },
    autotrader: row.autotrader,
    eas: extra.eas ?? [],
    created_at: row.createdAt.toISOString(),
  };
}

export async function userViewById(ctx: ViewContext, id: number): Promise<User | null> {
  const row = await findUserById(ctx.db, id);
  return row ? userView(ctx, row) : null;
}

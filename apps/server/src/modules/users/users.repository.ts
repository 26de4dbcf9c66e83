import { randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountTypes, notifications, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'accountId' | 'accountTypeId'> & { accountTypeId?: number };

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function insertUser(tx: DbOrTx, user: NewUser): Promise<UserRow> {
  const accountTypeId = user.accountTypeId ?? (await defaultAccountTypeId(tx));
  const [row] = await tx
    .insert(users)
    .values({ ...user, email: user.email.toLowerCase(), accountTypeId, accountId: `BRS${randomInt(1_000_000, 9_999_999)}` })
    .returning();
  return row!;
}

async function defaultAccountTypeId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: accountTypes.id }).from(accountTypes).orderBy(accountTypes.sort).limit(1);
  if (!row) throw new Error('no account types seeded');
  return row.id;
}

export async function setUserStatus(db: DbOrTx, id: number, status: UserRow['status']): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ status }).where(eq(users.id, id)).returning();
  return row ?? null;
}

export async function setPasswordHash(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

export async function touchLastSeen(db: DbOrTx, id: number): Promise<void> {
  await db.update(users).set({ lastSeenAt: sql`now()` }).where(eq(users.id, id));
}

export async function accountTypeOf(db: DbOrTx, id: number) {
  const [row] = await db.select().from(accountTypes).where(eq(accountTypes.id, id)).limit(1);
  return row!;
}

export function unreadNotifications(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .orderBy(desc(notifications.id))
    .limit(20);
}

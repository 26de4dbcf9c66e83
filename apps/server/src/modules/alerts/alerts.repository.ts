import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets, priceAlerts, users } from '../../db/schema/index.ts';

export type AlertRow = typeof priceAlerts.$inferSelect;
export type NewAlert = typeof priceAlerts.$inferInsert;
/** A row with what a view of it shows of its instrument. */
export type AlertWithAsset = AlertRow & { symbol: string; digits: number };

/** The statement's own clock: other nodes follow changes by this stamp. */
const stamp = sql`clock_timestamp()`;
const live = inArray(priceAlerts.status, ['active', 'paused']);
/** Most alerts one list shows: the live ones are capped by the limit, the rest is history. */
const LIST_MAX = 500;

function withAsset(db: DbOrTx) {
  return db
    .select({ alert: priceAlerts, symbol: assets.symbolDisplay, digits: assets.digits })
    .from(priceAlerts)
    .innerJoin(assets, eq(assets.id, priceAlerts.assetId));
}

const flat = (r: { alert: AlertRow; symbol: string; digits: number }): AlertWithAsset => ({ ...r.alert, symbol: r.symbol, digits: r.digits });

/** The user's alerts, newest first. */
export async function alertsOfUser(db: DbOrTx, userId: number): Promise<AlertWithAsset[]> {
  const rows = await withAsset(db).where(eq(priceAlerts.userId, userId)).orderBy(desc(priceAlerts.id)).limit(LIST_MAX);
  return rows.map(flat);
}

/** One alert of the user, or null (another customer's alert is not found either). */
export async function alertOfUser(db: DbOrTx, userId: number, id: number): Promise<AlertWithAsset | null> {
  const [row] = await withAsset(db).where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)));
  return row ? flat(row) : null;
}

export async function alertWithAsset(db: DbOrTx, id: number): Promise<AlertWithAsset | null> {
  const [row] = await withAsset(db).where(eq(priceAlerts.id, id));
  return row ? flat(row) : null;
}

export async function countActive(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(priceAlerts).where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')));
  return row?.n ?? 0;
}

/** Locks the user's row: creations and resumptions of one user run one at a time, so the limit holds. */
export async function lockUser(tx: DbOrTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertAlert(tx: DbOrTx, values: NewAlert): Promise<AlertRow> {
  const [row] = await tx.insert(priceAlerts).values({ ...values, updatedAt: stamp }).returning();
  return row!;
}

export async function updateAlertRow(tx: DbOrTx, userId: number, id: number, patch: Partial<NewAlert>): Promise<AlertRow | null> {
  const [row] = await tx
    .update(priceAlerts)
    .set({ ...patch, updatedAt: stamp })
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteAlertRow(db: DbOrTx, userId: number, id: number): Promise<AlertRow | null> {
  const [row] = await db.delete(priceAlerts).where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId))).returning();
  return row ?? null;
}

/** Every alert watching the market: what the evaluating node loads at start. */
export async function activeAlerts(db: DbOrTx): Promise<AlertRow[]> {
  return db.select().from(priceAlerts).where(eq(priceAlerts.status, 'active'));
}

/** Alerts changed after `since` (any status), for the evaluating node to catch up with other nodes. */
export async function alertsChangedSince(db: DbOrTx, since: Date): Promise<AlertRow[]> {
  return db.select().from(priceAlerts).where(gt(priceAlerts.updatedAt, since));
}

/**
 * Records a firing, once: the alert must still be active and, when it repeats, out of its
 * cool-down, so a firing that raced an edit, a pause or another node changes nothing.
 */
export async function markFired(db: DbOrTx, id: number, at: Date, price: number): Promise<AlertRow | null> {
  const [row] = await db
    .update(priceAlerts)
    .set({
      status: sql`CASE WHEN ${priceAlerts.repeat} THEN 'active' ELSE 'triggered' END`,
      triggerCount: sql`${priceAlerts.triggerCount} + 1`,
      lastTriggeredAt: at,
      lastPrice: price,
      updatedAt: stamp,
    })
    .where(
      and(
        eq(priceAlerts.id, id),
        eq(priceAlerts.status, 'active'),
        sql`(${priceAlerts.lastTriggeredAt} IS NULL OR NOT ${priceAlerts.repeat}
          OR ${priceAlerts.lastTriggeredAt} <= ${at.toISOString()}::timestamptz - make_interval(secs => ${priceAlerts.cooldownSeconds}))`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Cancels the live alerts on instruments that are no longer traded; returns them. */
export async function cancelOnDisabledInstruments(db: DbOrTx, reason: string): Promise<AlertRow[]> {
  return db
    .update(priceAlerts)
    .set({ status: 'cancelled', cancelReason: reason, updatedAt: stamp })
    .where(and(live, sql`${priceAlerts.assetId} IN (SELECT id FROM assets WHERE NOT enabled)`))
    .returning();
}

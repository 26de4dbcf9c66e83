import { and, asc, count, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ASSETS_PAGE_SIZE, type AdminAssetUpdate, type AssetType } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import type { InstrumentDef } from './catalogue.ts';

export type AssetRow = typeof assets.$inferSelect;

/**
 * Inserts the catalogue instruments the table does not have yet, in catalogue order, so a fresh
 * database numbers them the same way every time. Existing rows (and operators' edits) are kept.
 * One statement whatever the count: start-up stays fast on the embedded database.
 */
export async function seedAssets(db: DbOrTx, defs: InstrumentDef[]): Promise<number> {
  const have = new Set((await db.select({ symbol: assets.symbol }).from(assets)).map((r) => r.symbol));
  const missing = defs.filter((d) => !have.has(d.symbol));
  if (!missing.length) return 0;
  const rows = missing.map((d, i) => ({ ...d, ord: i }));
  await db.execute(sql`
    INSERT INTO assets (symbol, name, symbol_display, sy, type, category, tv_symbol, quote_currency, digits, contract_size,
      leverage, buy_spread, sell_spread, ref_price, price_derived)
    SELECT symbol, name, "symbolDisplay", sy, type, category, "tvSymbol", "quoteCurrency", digits, "contractSize",
      leverage, "buySpread", "sellSpread", "refPrice", "priceDerived"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS d(ord integer, symbol text, name text, "symbolDisplay" text,
      sy text, type text, category text, "tvSymbol" text, "quoteCurrency" text, digits integer, "contractSize" double precision,
      leverage integer, "buySpread" double precision, "sellSpread" double precision, "refPrice" double precision, "priceDerived" boolean)
    ORDER BY ord
    ON CONFLICT (symbol) DO NOTHING`);
  return missing.length;
}

export async function listAssets(db: DbOrTx): Promise<AssetRow[]> {
  return db.select().from(assets).orderBy(asc(assets.id));
}

export async function findAsset(db: DbOrTx, id: number): Promise<AssetRow | null> {
  const [row] = await db.select().from(assets).where(eq(assets.id, id)).limit(1);
  return row ?? null;
}

/** Instruments matching a search over symbol, display symbol and name, in catalogue order. */
export async function searchAssets(db: DbOrTx, q: { search?: string; type?: AssetType; page: number }) {
  const filters: SQL[] = [];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(assets.symbol, like), ilike(assets.symbolDisplay, like), ilike(assets.name, like))!);
  }
  if (q.type) filters.push(eq(assets.type, q.type));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select({ id: assets.id }).from(assets).where(where).orderBy(asc(assets.id)).limit(ADMIN_ASSETS_PAGE_SIZE).offset((q.page - 1) * ADMIN_ASSETS_PAGE_SIZE),
    db.select({ n: count() }).from(assets).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

export async function updateAsset(db: DbOrTx, id: number, patch: AdminAssetUpdate): Promise<AssetRow | null> {
  const [row] = await db
    .update(assets)
    .set({
      enabled: patch.enabled,
      buySpread: patch.buy_spread,
      sellSpread: patch.sell_spread,
      leverage: patch.leverage,
      contractSize: patch.contract_size,
      updatedAt: sql`now()`,
    })
    .where(eq(assets.id, id))
    .returning();
  return row ?? null;
}

/**
 * Moves an instrument's history anchor (where generated history ends and recorded bars begin) back
 * to `at`, never forward; the changed row, or null when the anchor was at `at` or earlier already.
 */
export async function moveHistoryAnchorBack(db: DbOrTx, id: number, at: Date): Promise<AssetRow | null> {
  const [row] = await db.update(assets).set({ historyAnchor: at }).where(and(eq(assets.id, id), gt(assets.historyAnchor, at))).returning();
  return row ?? null;
}

/** Saves the feed's last prices in one statement. */
export async function saveRates(db: DbOrTx, rates: { id: number; rate: number; at: number }[]): Promise<void> {
  if (!rates.length) return;
  const json = JSON.stringify(rates);
  await db.execute(sql`
    UPDATE assets SET rate = r.rate, rate_at = to_timestamp(r.at / 1000.0)
    FROM jsonb_to_recordset(${json}::jsonb) AS r(id integer, rate double precision, at double precision)
    WHERE assets.id = r.id`);
}

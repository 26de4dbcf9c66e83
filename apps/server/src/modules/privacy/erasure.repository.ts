import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/statement.ts';

/** What keeps a customer from being erased now, each a count (0: nothing in the way). */
export async function erasureBlockers(db: DbOrTx, userId: number) {
  // The accounts are locked first: an order or a deposit racing the erasure waits for its answer.
  await db.execute(sql`SELECT id FROM trading_accounts WHERE user_id = ${userId} ORDER BY id FOR UPDATE`);
  const [row] = rowsOf<{ open: number; money: number; requests: number }>(
    await db.execute(sql`SELECT
        (SELECT count(*)::int FROM trades WHERE user_id = ${userId} AND status IN ('open', 'pending'))
          + (SELECT count(*)::int FROM venue_orders WHERE user_id = ${userId} AND status = 'sent') AS open,
        (SELECT count(*)::int FROM trading_accounts WHERE user_id = ${userId} AND kind = 'live' AND (balance <> 0 OR credit <> 0))
          + (SELECT count(*)::int FROM savings_accounts WHERE user_id = ${userId} AND balance <> 0) AS money,
        (SELECT count(*)::int FROM money_requests WHERE user_id = ${userId} AND status IN ('requested', 'approved')) AS requests`),
  );
  return row!;
}

/** Storage keys of the customer's files that erasure removes: identity documents, professional evidence and data copies. */
export async function erasedFileKeys(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`SELECT storage_key AS key FROM verification_documents WHERE user_id = ${userId}
      UNION ALL SELECT storage_key FROM professional_evidence WHERE user_id = ${userId}
      UNION ALL SELECT storage_key FROM data_exports WHERE user_id = ${userId} AND storage_key IS NOT NULL`),
  );
  return rows.map((r) => r.key);
}

/**
 * Replaces the customer's personal details by the pseudonym and removes what identifies them or
 * lets anyone sign in as them. Trades, journal, statements, money requests and chats stay, under
 * the same user id, for the legal retention period. Consents given are withdrawn on the record.
 */
export async function pseudonymise(db: DbOrTx, userId: number, pseudonym: string, unusablePasswordHash: string, formerEmail: string): Promise<void> {
  await db.execute(sql`UPDATE users SET
      email = ${`${pseudonym}@erased.invalid`}, username = ${pseudonym}, first_name = 'Erased', last_name = 'Customer',
      phone = '', address_line1 = '', address_line2 = '', city = '', postal_code = '', date_of_birth = NULL,
      avatar = NULL, password_hash = ${unusablePasswordHash}, totp_secret = NULL, two_factor_enabled_at = NULL, totp_last_step = NULL,
      preferences = '{}', status = 'deactivated', autotrader = false, last_seen_at = NULL, erased_at = now()
    WHERE id = ${userId}`);
  await db.execute(sql`INSERT INTO consents (user_id, purpose, granted, source)
      SELECT user_id, purpose, false, 'erasure' FROM (
        SELECT DISTINCT ON (purpose) user_id, purpose, granted FROM consents WHERE user_id = ${userId} ORDER BY purpose, id DESC) c
      WHERE c.granted`);
  for (const table of ['sessions', 'one_time_tokens', 'recovery_codes', 'verification_documents', 'professional_evidence', 'data_exports', 'notifications', 'push_subscriptions']) {
    await db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE user_id = ${userId}`);
  }
  await db.execute(sql`DELETE FROM email_verifications WHERE email = ${formerEmail}`);
  // Cancelled rather than deleted: the engine evaluating alerts follows changes, and a row gone is none.
  await db.execute(sql`UPDATE price_alerts SET status = 'cancelled', cancel_reason = 'erased', note = NULL, updated_at = now()
    WHERE user_id = ${userId} AND status IN ('active', 'paused')`);
  await db.execute(sql`UPDATE price_alerts SET note = NULL WHERE user_id = ${userId} AND note IS NOT NULL`);
  await db.execute(sql`UPDATE robots SET status = 'stopped', updated_at = now() WHERE user_id = ${userId} AND status = 'running'`);
  // A professional request keeps its figures and decision (the record of how the client was treated), not the employer named.
  await db.execute(sql`UPDATE professional_requests SET sector_role = '' WHERE user_id = ${userId}`);
  // Source-of-funds declarations and their documents are customer-due-diligence records the AML rules
  // keep for years after the relationship ends (GDPR art. 17(3)(b)): kept, a waiting one closed.
  for (const table of ['plan_requests', 'autotrader_requests', 'professional_requests', 'source_of_funds']) {
    await db.execute(sql`UPDATE ${sql.identifier(table)} SET status = 'rejected', reason = 'The customer asked for erasure.', decided_at = now()
      WHERE user_id = ${userId} AND status = 'pending'`);
  }
}

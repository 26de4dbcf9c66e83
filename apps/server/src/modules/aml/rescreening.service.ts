import { and, asc, eq, gt } from 'drizzle-orm';
import type { SanctionsSource } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { audit } from '../audit/audit.service.ts';
import { getAmlSettings } from './aml-settings.ts';
import { matchesFor, recordMatches, type ScreenedCustomer, type ScreeningMatch } from './screening.service.ts';

/** Customers read, screened and written per step: one short transaction each, never one holding every customer. */
const PAGE = 250;

export interface RescreeningOutcome {
  source: SanctionsSource;
  customers: number;
  hits: number;
  ms: number;
}

/** The re-screening each context is running, so a test (or shutdown) can wait for it. */
const running = new WeakMap<AppContext, Promise<RescreeningOutcome | null>>();
/** Contexts shutting down: a re-screening stops after the page it is on. */
const stopping = new WeakSet<AppContext>();

/**
 * Screens every existing customer against the entries of a list just imported: a person listed
 * today may have signed up years ago. Customers are taken a page at a time by id; each page's
 * names are compared outside any transaction and its hits written in one short transaction, so
 * sign-ups, withdrawals and the review queue go on meanwhile. Hits join the same queue, and an
 * entry already open for a customer is not opened twice. Ends with an audit entry of the counts.
 */
export async function rescreenCustomers(ctx: AppContext, source: SanctionsSource): Promise<RescreeningOutcome> {
  const started = performance.now();
  const { screening_threshold } = await getAmlSettings(ctx.db);
  let after = 0;
  let customers = 0;
  let hits = 0;
  while (!stopping.has(ctx)) {
    const page = await ctx.db
      .select({ userId: users.id, first: users.firstName, last: users.lastName, birth: users.dateOfBirth })
      .from(users)
      .where(and(eq(users.role, 'customer'), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(PAGE);
    if (!page.length) break;
    after = page.at(-1)!.userId;
    customers += page.length;
    const found: { customer: ScreenedCustomer; matches: ScreeningMatch[] }[] = [];
    for (const row of page) {
      const customer = { userId: row.userId, name: `${row.first} ${row.last}`.trim(), birth: row.birth };
      const matches = await matchesFor(ctx.db, customer.name, customer.birth, screening_threshold, source);
      if (matches.length) found.push({ customer, matches });
    }
    if (found.length) {
      hits += await ctx.db.transaction(async (tx) => {
        let opened = 0;
        for (const { customer, matches } of found) opened += await recordMatches(tx, customer, matches, 'list_import');
        return opened;
      });
    }
  }
  const outcome = { source, customers, hits, ms: Math.round(performance.now() - started) };
  await audit(ctx.db, 'system', { action: 'aml.customers_rescreened', subjectType: 'sanctions_list', subjectId: source, details: { customers, hits, ms: outcome.ms } });
  return outcome;
}

/**
 * Starts the re-screening after an import without keeping the import's request waiting (a large
 * customer base takes minutes). A failure is logged; the next import, or each customer's next
 * change of name, screens again. Imports of the two lists run one after the other.
 */
export function startRescreening(ctx: AppContext, source: SanctionsSource): void {
  const before = running.get(ctx) ?? Promise.resolve(null);
  const next = before
    .catch(() => null)
    .then(() => rescreenCustomers(ctx, source))
    .catch((err: unknown) => {
      ctx.log.error({ err, source }, 're-screening customers after a list import failed');
      return null;
    });
  running.set(ctx, next);
}

/** Resolves when the re-screenings started so far have finished (with the last one's outcome). */
export function rescreeningSettled(ctx: AppContext): Promise<RescreeningOutcome | null> {
  return running.get(ctx) ?? Promise.resolve(null);
}

/** On shutdown: the running re-screening ends after its current page and is waited for. */
export async function stopRescreening(ctx: AppContext): Promise<void> {
  stopping.add(ctx);
  await rescreeningSettled(ctx);
}

import { and, eq, inArray } from 'drizzle-orm';
import { amlMessages } from '@bourse/contract';
import { type NameToken, nameTokens, rememberingSimilarity, screeningScore } from '@bourse/domain';
import type { DbOrTx } from '../../db/client.ts';
import { amlHits, sanctionsEntries, sanctionsNames, users } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { getAmlSettings } from './aml-settings.ts';
import { listsGeneration } from './sanctions-lists.service.ts';

interface ListedName {
  source: 'eu' | 'ofac';
  reference: string;
  name: string;
  tokens: NameToken[];
  birthDates: string[];
}

/**
 * Every listed name, tokenised once per import: screening a customer reads only the generation
 * (the lists' import times, to the microsecond, so two databases do not share one by chance).
 */
const cache = new Map<string, ListedName[]>();
const CACHED_GENERATIONS = 4;

async function listedNames(db: DbOrTx): Promise<ListedName[]> {
  const generation = await listsGeneration(db);
  if (!generation) return [];
  const cached = cache.get(generation);
  if (cached) return cached;
  const rows = await db
    .select({ source: sanctionsEntries.source, reference: sanctionsEntries.reference, birthDates: sanctionsEntries.birthDates, name: sanctionsNames.name })
    .from(sanctionsNames)
    .innerJoin(sanctionsEntries, eq(sanctionsEntries.id, sanctionsNames.entryId));
  const names = rows.map((r) => ({ ...r, tokens: nameTokens(r.name) }));
  cache.set(generation, names);
  for (const old of cache.keys()) if (cache.size > CACHED_GENERATIONS) cache.delete(old);
  return names;
}

const YIELD_EVERY = 2000;

/** Loads and tokenises the lists once after an import, so the next sign-up does not wait for it. */
export async function warmScreening(db: DbOrTx): Promise<void> {
  await listedNames(db);
}

export interface ScreeningMatch {
  source: 'eu' | 'ofac';
  reference: string;
  matchedName: string;
  score: number;
}

/** The listed entries a name (and date of birth) scores at or over the threshold against, each by its best-matching name; `only` one list's. */
export async function matchesFor(db: DbOrTx, name: string, birthDate: string | null, threshold: number, only?: 'eu' | 'ofac'): Promise<ScreeningMatch[]> {
  const customer = { name: nameTokens(name), birthDate };
  const similarity = rememberingSimilarity(customer.name);
  const best = new Map<string, ScreeningMatch>();
  const names = await listedNames(db);
  for (let n = 0; n < names.length; n++) {
    // A full list is tens of thousands of names: other requests get their turn every few thousand.
    if (n > 0 && n % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    const listed = names[n]!;
    if (only && listed.source !== only) continue;
    const score = screeningScore(customer, { name: listed.tokens, birthDates: listed.birthDates }, similarity);
    if (score < threshold) continue;
    const key = `${listed.source}:${listed.reference}`;
    if ((best.get(key)?.score ?? -1) < score) best.set(key, { source: listed.source, reference: listed.reference, matchedName: listed.name, score });
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}

export type ScreeningTrigger = 'registration' | 'profile' | 'admin' | 'list_import';

/** The name and date of birth a customer is screened under; null for staff or a user that is gone. */
export interface ScreenedCustomer {
  userId: number;
  name: string;
  birth: string | null;
}

/**
 * Writes a customer's matches as open hits in the review queue (one per entry while it is open,
 * so screening twice adds no duplicate), each with an audit entry. Takes the customer's row lock
 * first: a withdrawal reads the hold under a share lock on it, so holding it until the hits commit
 * makes that withdrawal wait for them (a no-op when the caller's update of the row holds it already).
 * Returns how many new hits it opened.
 */
export async function recordMatches(tx: DbOrTx, customer: ScreenedCustomer, matches: ScreeningMatch[], trigger: ScreeningTrigger): Promise<number> {
  if (!matches.length) return 0;
  await lockHoldRow(tx, customer.userId, 'no key update');
  let opened = 0;
  for (const match of matches) {
    const [hit] = await tx
      .insert(amlHits)
      .values({
        userId: customer.userId,
        kind: 'sanctions',
        screenedName: customer.name,
        screenedBirthDate: customer.birth,
        source: match.source,
        entryReference: match.reference,
        matchedName: match.matchedName,
        score: match.score.toFixed(4),
        details: { trigger },
      })
      .onConflictDoNothing()
      .returning({ id: amlHits.id });
    if (!hit) continue;
    opened++;
    await audit(tx, 'system', {
      action: 'aml.sanctions_hit',
      subjectType: 'aml_hit',
      subjectId: hit.id,
      userId: customer.userId,
      details: { trigger, screened_name: customer.name, source: match.source, entry: match.reference, matched_name: match.matchedName, score: Number(match.score.toFixed(4)) },
    });
  }
  return opened;
}

/**
 * Screens a customer's current name and date of birth against every imported list. Pass the
 * transaction that changed the name, so the hit exists exactly when the change does. Returns how
 * many new hits it opened.
 */
export async function screenCustomer(db: DbOrTx, userId: number, trigger: ScreeningTrigger): Promise<number> {
  const [user] = await db.select({ first: users.firstName, last: users.lastName, birth: users.dateOfBirth, role: users.role }).from(users).where(eq(users.id, userId));
  if (user?.role !== 'customer') return 0;
  const customer = { userId, name: `${user.first} ${user.last}`.trim(), birth: user.birth };
  const { screening_threshold } = await getAmlSettings(db);
  return recordMatches(db, customer, await matchesFor(db, customer.name, customer.birth, screening_threshold), trigger);
}

/** The customer's row, the lock a sanctions hit and the withdrawal hold are serialised by. */
async function lockHoldRow(tx: DbOrTx, userId: number, strength: 'share' | 'no key update'): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for(strength);
}

/**
 * Refuses a withdrawal while a sanctions hit on the customer is open, or once one is confirmed.
 * Call it in the withdrawal's transaction: the share lock waits for a screening that is writing a
 * hit for this customer right now, and the read after it then sees that hit, so no withdrawal
 * slips in between a match and its commit. Withdrawals of one customer do not wait for each other.
 */
export async function ensureNoSanctionsHold(tx: DbOrTx, userId: number): Promise<void> {
  await lockHoldRow(tx, userId, 'share');
  const [held] = await tx
    .select({ id: amlHits.id })
    .from(amlHits)
    .where(and(eq(amlHits.userId, userId), eq(amlHits.kind, 'sanctions'), inArray(amlHits.status, ['open', 'confirmed'])))
    .limit(1);
  if (held) throw new HttpError(403, amlMessages.withdrawalsHeld);
}

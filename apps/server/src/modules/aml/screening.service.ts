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

/** The listed entries a name (and date of birth) scores at or over the threshold against, each by its best-matching name. */
export async function matchesFor(db: DbOrTx, name: string, birthDate: string | null, threshold: number): Promise<ScreeningMatch[]> {
  const customer = { name: nameTokens(name), birthDate };
  const similarity = rememberingSimilarity(customer.name);
  const best = new Map<string, ScreeningMatch>();
  const names = await listedNames(db);
  for (let n = 0; n < names.length; n++) {
    // A full list is tens of thousands of names: other requests get their turn every few thousand.
    if (n > 0 && n % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    const listed = names[n]!;
    const score = screeningScore(customer, { name: listed.tokens, birthDates: listed.birthDates }, similarity);
    if (score < threshold) continue;
    const key = `${listed.source}:${listed.reference}`;
    if ((best.get(key)?.score ?? -1) < score) best.set(key, { source: listed.source, reference: listed.reference, matchedName: listed.name, score });
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}

export type ScreeningTrigger = 'registration' | 'profile' | 'admin';

/**
 * Screens a customer's current name and date of birth against every imported list. Each entry
 * over the threshold becomes an open hit in the review queue (one per entry while it is open) and
 * an audit entry. Pass the transaction that changed the name, so the hit exists exactly when the
 * change does. Returns how many new hits it opened.
 */
export async function screenCustomer(db: DbOrTx, userId: number, trigger: ScreeningTrigger): Promise<number> {
  const [user] = await db.select({ first: users.firstName, last: users.lastName, birth: users.dateOfBirth, role: users.role }).from(users).where(eq(users.id, userId));
  if (user?.role !== 'customer') return 0;
  const name = `${user.first} ${user.last}`.trim();
  const { screening_threshold } = await getAmlSettings(db);
  let opened = 0;
  for (const match of await matchesFor(db, name, user.birth, screening_threshold)) {
    const [hit] = await db
      .insert(amlHits)
      .values({
        userId,
        kind: 'sanctions',
        screenedName: name,
        screenedBirthDate: user.birth,
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
    await audit(db, 'system', {
      action: 'aml.sanctions_hit',
      subjectType: 'aml_hit',
      subjectId: hit.id,
      userId,
      details: { trigger, screened_name: name, source: match.source, entry: match.reference, matched_name: match.matchedName, score: Number(match.score.toFixed(4)) },
    });
  }
  return opened;
}

/** Refuses a withdrawal while a sanctions hit on the customer is open, or once one is confirmed. */
export async function ensureNoSanctionsHold(db: DbOrTx, userId: number): Promise<void> {
  const [held] = await db
    .select({ id: amlHits.id })
    .from(amlHits)
    .where(and(eq(amlHits.userId, userId), eq(amlHits.kind, 'sanctions'), inArray(amlHits.status, ['open', 'confirmed'])))
    .limit(1);
  if (held) throw new HttpError(403, amlMessages.withdrawalsHeld);
}

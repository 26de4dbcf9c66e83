import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { amlMessages, type SanctionsList, type SanctionsSource } from '@bourse/contract';
import { normaliseName } from '@bourse/domain';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sanctionsEntries, sanctionsLists, sanctionsNames, users } from '../../db/schema/index.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { audit } from '../audit/audit.service.ts';
import type { ParsedEntry } from './sanctions-file.ts';

const importers = alias(users, 'importers');
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

export async function listSanctionsLists(db: DbOrTx): Promise<SanctionsList[]> {
  const rows = await db
    .select({ list: sanctionsLists, by: importers.email })
    .from(sanctionsLists)
    .leftJoin(importers, eq(importers.id, sanctionsLists.importedBy))
    .orderBy(desc(sanctionsLists.importedAt));
  return rows.map(({ list, by }) => ({
    source: list.source,
    file_name: list.fileName,
    entries: list.entries,
    names: list.names,
    imported_by: by,
    imported_at: list.importedAt.toISOString(),
  }));
}

/**
 * Replaces one list with a parsed file in one transaction: its previous entries go, the new ones
 * come, with the import audited; a failure leaves the previous version whole. Customers already
 * screened are not re-screened here: their hits stay as the review left them.
 */
export async function importSanctionsList(ctx: AppContext, by: Pick<AuthInfo, 'userId' | 'role'>, source: SanctionsSource, fileName: string, entries: ParsedEntry[]): Promise<SanctionsList> {
  const names = entries.reduce((n, e) => n + e.names.length, 0);
  await ctx.db.transaction(async (tx) => {
    // Two imports of one list at once take turns, so the second replaces the first whole.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sanctions:${source}`}))`);
    await tx.delete(sanctionsLists).where(eq(sanctionsLists.source, source));
    await tx.insert(sanctionsLists).values({ source, fileName, entries: entries.length, names, importedBy: by.userId });
    for (let i = 0; i < entries.length; i += BATCH) {
      const batch = entries.slice(i, i + BATCH);
      const ids = await tx
        .insert(sanctionsEntries)
        .values(batch.map((e) => ({ source, reference: e.reference, kind: e.kind, primaryName: e.primaryName, programmes: e.programmes, birthDates: e.birthDates })))
        .returning({ id: sanctionsEntries.id });
      const nameRows = batch.flatMap((e, k) => e.names.map((name) => ({ entryId: ids[k]!.id, name, normalised: normaliseName(name) })));
      for (let j = 0; j < nameRows.length; j += BATCH) await tx.insert(sanctionsNames).values(nameRows.slice(j, j + BATCH));
    }
    await audit(tx, by, { action: 'aml.list_imported', subjectType: 'sanctions_list', subjectId: source, details: { file_name: fileName, entries: entries.length, names } });
  });
  const list = (await listSanctionsLists(ctx.db)).find((l) => l.source === source);
  if (!list) throw new Error(amlMessages.fileRequired);
  return list;
}

/** Changes whenever any list is imported again: the screening cache's key. */
export async function listsGeneration(db: DbOrTx): Promise<string> {
  const [row] = await db.select({ g: sql<string | null>`string_agg(${sanctionsLists.source} || ':' || ${sanctionsLists.importedAt}::text, ',' ORDER BY ${sanctionsLists.source})` }).from(sanctionsLists);
  return row?.g ?? '';
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { rowsOf } from '../../db/statement.ts';
import { runEvery } from '../../lib/background-job.ts';
import { createFileStore, type FileStore } from '../../lib/uploads/file-store.ts';

/** How many rows of each kind one run removed. */
export type RetentionRun = { sessions: number; tokens: number; emailCodes: number; exports: number };

const DAY_MS = 86_400_000;
const BATCH = 500;

const count = (result: unknown) => rowsOf<{ n: number }>(result)[0]?.n ?? 0;

/**
 * Removes what is past its retention period (RETENTION_* settings): sessions expired for
 * `sessionDays`, one-time tokens (password reset, login link, email change, sign-in challenge) and
 * sign-up email codes expired or used for `tokenDays`, and copies of customers' data past their
 * expiry, file first then row (a row left behind by a failed delete is tried again next run).
 * Nothing else is touched; safe to run on several nodes at once.
 */
export async function applyRetention(ctx: AppContext, store: FileStore, now = new Date()): Promise<RetentionRun> {
  const { sessionDays, tokenDays } = ctx.config.retention;
  const sessionCutoff = new Date(now.getTime() - sessionDays * DAY_MS).toISOString();
  const tokenCutoff = new Date(now.getTime() - tokenDays * DAY_MS).toISOString();
  const sessions = count(await ctx.db.execute(sql`WITH gone AS (DELETE FROM sessions WHERE expires_at < ${sessionCutoff} RETURNING 1) SELECT count(*)::int AS n FROM gone`));
  const tokens = count(
    await ctx.db.execute(sql`WITH gone AS (DELETE FROM one_time_tokens WHERE expires_at < ${tokenCutoff} OR used_at < ${tokenCutoff} RETURNING 1) SELECT count(*)::int AS n FROM gone`),
  );
  const emailCodes = count(
    await ctx.db.execute(
      sql`WITH gone AS (DELETE FROM email_verifications WHERE expires_at < ${tokenCutoff} AND coalesce(closed_at, expires_at) < ${tokenCutoff} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    ),
  );
  let exports = 0;
  for (;;) {
    const due = rowsOf<{ id: number; storage_key: string | null }>(
      await ctx.db.execute(sql`SELECT id, storage_key FROM data_exports WHERE expires_at < ${now.toISOString()} ORDER BY id LIMIT ${BATCH}`),
    );
    for (const row of due) {
      if (row.storage_key) await store.delete(row.storage_key);
      await ctx.db.execute(sql`DELETE FROM data_exports WHERE id = ${row.id}`);
      exports++;
    }
    if (due.length < BATCH) break;
  }
  return { sessions, tokens, emailCodes, exports };
}

/** Attachment: the worker applies the retention periods at start and every RETENTION_CHECK_MINUTES. */
export async function retentionAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers || !(ctx.config.retention.checkMs > 0)) return;
  const store = createFileStore(ctx.config);
  ctx.onClose(() => store.close());
  runEvery(
    ctx,
    ctx.config.retention.checkMs,
    'retention',
    async () => {
      const removed = await applyRetention(ctx, store);
      if (Object.values(removed).some((n) => n > 0)) ctx.log.info({ removed }, 'retention: removed what was past its period');
    },
    { atStart: true },
  );
}

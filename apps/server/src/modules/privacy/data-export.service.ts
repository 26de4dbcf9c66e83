import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { privacyMessages as msg, type DataExport } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import type { FileStore } from '../../lib/uploads/file-store.ts';
import { audit } from '../audit/audit.service.ts';
import { customerDataEntries } from './customer-data.ts';
import { exportOf, failExport, failStaleExports, finishExport, insertExport, liveExportsOf, userForPrivacy, type DataExportRow } from './privacy.repository.ts';
import { zipArchive } from './zip-archive.ts';

// A build still running after this long was cut short by a stopped process: it no longer blocks a new one.
const BUILD_TIMEOUT_MS = 15 * 60_000;

export const gone = (message: string) => new HttpError(410, message);

export const dataExportView = (r: DataExportRow): DataExport => ({
  id: r.id,
  status: r.status,
  size: r.size,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
  expires_at: r.expiresAt.toISOString(),
});

const hoursFrom = (ms: number, hours: number) => new Date(ms + hours * 3_600_000);

/** Builds in progress on this node, so shutdown waits for them instead of leaving them half-written. */
const running = new WeakMap<AppContext, Set<Promise<void>>>();

function track(ctx: AppContext, job: Promise<void>) {
  let jobs = running.get(ctx);
  if (!jobs) {
    running.set(ctx, (jobs = new Set()));
    const all = jobs;
    ctx.onClose(() => Promise.all(all).then(() => undefined));
  }
  jobs.add(job);
  void job.finally(() => jobs.delete(job));
}

/** A customer's data as one ZIP; null when the user does not exist. */
export async function customerArchive(ctx: AppContext, store: FileStore, userId: number): Promise<Buffer | null> {
  const entries = await customerDataEntries(ctx.db, store, userId);
  return entries ? zipArchive(entries) : null;
}

async function build(ctx: AppContext, store: FileStore, exportId: number, userId: number): Promise<void> {
  const key = `exports/${randomBytes(16).toString('hex')}.zip`;
  try {
    const zip = await customerArchive(ctx, store, userId);
    if (!zip) throw new Error('user gone');
    await store.put(key, zip, 'application/zip');
    const kept = await ctx.db.transaction(async (tx) => {
      // Erased while the copy was being made: it must not outlive the data it copies.
      if ((await userForPrivacy(tx, userId, true))?.erased_at) return false;
      return finishExport(tx, exportId, key, zip.length, hoursFrom(Date.now(), ctx.config.retention.exportHours));
    });
    if (!kept) await store.delete(key);
  } catch (error) {
    ctx.log.error({ err: error, exportId }, 'data export failed');
    await store.delete(key).catch(() => {});
    await failExport(ctx.db, exportId);
  }
}

/**
 * Starts a copy of the caller's data: the row is written at once (one build per customer at a
 * time) and the ZIP built in the background; the client polls the list until it is ready.
 */
export async function requestExport(ctx: AppContext, store: FileStore, caller: AuthInfo): Promise<DataExport> {
  const row = await ctx.db
    .transaction(async (tx) => {
      const user = await userForPrivacy(tx, caller.userId, true);
      if (!user) throw notFound();
      if (user.erased_at) throw gone(msg.accountErased);
      await failStaleExports(tx, caller.userId, new Date(Date.now() - BUILD_TIMEOUT_MS));
      const inserted = await insertExport(tx, caller.userId, hoursFrom(Date.now(), ctx.config.retention.exportHours));
      await audit(tx, caller, { action: 'privacy.export_requested', subjectType: 'data_export', subjectId: inserted.id, userId: caller.userId });
      return inserted;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(msg.exportBuilding) : error;
    });
  track(ctx, build(ctx, store, row.id, caller.userId));
  return dataExportView(row);
}

export async function exportsOf(ctx: AppContext, caller: AuthInfo): Promise<DataExport[]> {
  return (await liveExportsOf(ctx.db, caller.userId)).map(dataExportView);
}

/** The caller's own finished copy, as a stream; someone else's is not found. */
export async function openExport(ctx: AppContext, store: FileStore, caller: AuthInfo, id: number): Promise<{ body: Readable; row: DataExportRow }> {
  const row = await exportOf(ctx.db, caller.userId, id);
  if (!row || row.status === 'failed') throw notFound(msg.exportNotFound);
  if (row.expiresAt.getTime() <= Date.now()) throw gone(msg.exportExpired);
  if (row.status !== 'ready' || !row.storageKey) throw conflict(msg.exportNotReady);
  const body = await store.get(row.storageKey);
  if (!body) throw gone(msg.exportExpired);
  return { body, row };
}

/** A copy for an admin answering a request made outside the app (by letter); audited. */
export async function adminArchive(ctx: AppContext, store: FileStore, admin: AuthInfo, userId: number): Promise<Buffer> {
  const user = await userForPrivacy(ctx.db, userId);
  if (!user) throw notFound();
  if (user.erased_at) throw gone(msg.accountErased);
  const zip = await customerArchive(ctx, store, userId);
  if (!zip) throw notFound();
  await audit(ctx.db, admin, { action: 'privacy.export_downloaded', subjectType: 'user', subjectId: userId, userId, details: { size: zip.length } });
  return zip;
}

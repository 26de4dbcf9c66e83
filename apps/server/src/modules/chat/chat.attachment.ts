import type { Attachment } from '../../attachments.ts';
import { ONLINE_WINDOW_MS } from '../users/presence.ts';
import { announceExpired } from '../users/presence.service.ts';
import { deleteAttachment, orphanAttachments } from './chat.repository.ts';
import { createFileStore } from '../../lib/uploads/file-store.ts';

const SWEEP_MS = 30_000;
const ORPHAN_SWEEP_MS = 60 * 60_000;
/** An upload never sent with a message is deleted after this long. */
const ORPHAN_AGE_MS = 24 * 60 * 60_000;

/**
 * Background chat upkeep on worker nodes: tells admins when customers go offline (their heartbeat
 * expires, which nothing else notices), and deletes uploads that were never sent.
 */
export const chatAttachment: Attachment = async (_app, ctx) => {
  if (!ctx.config.runWorkers) return;
  const store = createFileStore(ctx.config);
  // Each sweep covers what expired since the last one; the first starts at the current boundary.
  let since = new Date(Date.now() - ONLINE_WINDOW_MS);
  let busy = false;
  const run = (name: string, work: () => Promise<void>) => async () => {
    if (busy) return;
    busy = true;
    await work().catch((err: Error) => ctx.log.warn({ err: err.message }, `${name} failed`));
    busy = false;
  };
  const presence = setInterval(run('presence sweep', async () => void (since = await announceExpired(ctx, since))), SWEEP_MS);
  const orphans = setInterval(
    run('upload cleanup', async () => {
      for (const file of await orphanAttachments(ctx.db, new Date(Date.now() - ORPHAN_AGE_MS), 500)) {
        await store.delete(file.storageKey);
        await deleteAttachment(ctx.db, file.id);
      }
    }),
    ORPHAN_SWEEP_MS,
  );
  presence.unref();
  orphans.unref();
  ctx.onClose(() => {
    clearInterval(presence);
    clearInterval(orphans);
    store.close();
  });
};

import { randomBytes } from 'node:crypto';
import { type VerificationKind, verificationKindInfo, verificationKinds, verificationMessages as msg } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { audit } from '../audit/audit.service.ts';
import { displayName } from '../../lib/uploads/file-names.ts';
import type { FileStore } from '../../lib/uploads/file-store.ts';
import { checkDocumentContent } from './document-content.ts';
import { announceDecision } from './verification-notices.ts';
import {
  activateIfPending,
  currentDocuments,
  decideIfPending,
  deleteDocument,
  type DocumentRow,
  findDocument,
  insertDocument,
  lockCustomer,
  supersede,
} from './verification.repository.ts';

type Caller = Pick<AuthInfo, 'userId' | 'role'>;

/**
 * Stores a customer's document of one kind once its content passes, in place of the current one.
 * A pending document it replaces is deleted with its file (never reviewed, so nothing to keep);
 * a rejected one stays, superseded, as the record of the decision; an approved one is final.
 */
export async function uploadDocument(ctx: AppContext, store: FileStore, caller: Caller, kind: VerificationKind, upload: { filename: string; content: Buffer }) {
  const type = await checkDocumentContent(kind, upload.content);
  if ((await currentDocuments(ctx.db, caller.userId)).some((d) => d.kind === kind && d.status === 'approved')) throw conflict(msg.alreadyApproved);
  const key = `verification/${randomBytes(16).toString('hex')}.${type.ext}`;
  await store.put(key, upload.content, type.mime);
  let dropped: DocumentRow | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      await lockCustomer(tx, caller.userId);
      const current = (await currentDocuments(tx, caller.userId)).find((d) => d.kind === kind);
      if (current?.status === 'approved') throw conflict(msg.alreadyApproved);
      if (current?.status === 'pending') {
        dropped = current;
        await deleteDocument(tx, current.id);
      } else if (current) await supersede(tx, current.id);
      const row = await insertDocument(tx, {
        userId: caller.userId,
        kind,
        storageKey: key,
        fileName: displayName(upload.filename, type),
        mimeType: type.mime,
        size: upload.content.length,
        isImage: type.isImage,
      });
      await audit(tx, caller, { action: 'verification.uploaded', subjectType: 'verification_document', subjectId: row.id, userId: caller.userId, details: { kind, replaced: current?.id ?? null } });
    });
  } catch (err) {
    await store.delete(key);
    throw err;
  }
  if (dropped) await store.delete(dropped.storageKey).catch((err: Error) => ctx.log.warn({ err: err.message }, 'could not delete a replaced document'));
}

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * An operator's decision on a waiting document, with its audit entry in the same transaction.
 * When it makes all four kinds approved, a customer still pending becomes active, in that
 * transaction too. The customer is told in the app and by email.
 */
export async function decideDocument(ctx: AppContext, by: Caller, id: number, decision: Decision): Promise<DocumentRow> {
  const found = await findDocument(ctx.db, id);
  if (!found) throw notFound(msg.notFound);
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, found.userId);
    const row = await decideIfPending(tx, id, {
      status: decision.approve ? 'approved' : 'rejected',
      reason: decision.approve ? null : decision.reason,
      reviewedBy: by.userId,
      reviewedAt: new Date(),
    });
    if (!row) throw conflict(msg.alreadyReviewed);
    await audit(tx, by, { action: `verification.${row.status}`, subjectType: 'verification_document', subjectId: row.id, userId: row.userId, details: { kind: row.kind, reason: row.reason } });
    const current = await currentDocuments(tx, row.userId);
    const allApproved = verificationKinds.every((k) => current.some((d) => d.kind === k && d.status === 'approved'));
    const activated = allApproved && (await activateIfPending(tx, row.userId));
    if (activated) {
      await audit(tx, by, { action: 'user.active', subjectType: 'user', subjectId: row.userId, userId: row.userId, details: { from: 'pending', to: 'active', reason: 'identity verified' } });
    }
    return { row, allApproved, activated };
  });
  await announceDecision(ctx, outcome.row, verificationKindInfo[outcome.row.kind].label, outcome);
  return outcome.row;
}

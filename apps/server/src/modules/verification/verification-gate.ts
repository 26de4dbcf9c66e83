import { verificationMessages as msg } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { currentDocuments } from './verification.repository.ts';
import { countByStatus, overallStatus } from './verification-views.ts';

/** What a customer is about to do with real money. */
export type VerifiedAction = 'trade' | 'withdraw';

/**
 * Refuses a live order or a withdrawal with a 403 until every identity document is approved, unless
 * the operator relaxed `require_verification`. Approved documents cannot be replaced, so a customer
 * found verified stays so for the rest of the caller's transaction.
 */
export async function ensureVerified(db: DbOrTx, userId: number, action: VerifiedAction): Promise<void> {
  if (!(await getSiteSettings(db)).require_verification) return;
  if (overallStatus(countByStatus(await currentDocuments(db, userId))) === 'approved') return;
  throw new HttpError(403, action === 'trade' ? msg.requiredToTrade : msg.requiredToWithdraw);
}

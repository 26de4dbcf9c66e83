import { accountReviewMessages as msg } from '@bourse/contract';
import { HttpError } from '../../http/errors.ts';
import type { TradingAccountRow } from './accounts.repository.ts';

/**
 * Refuses money and orders on an account the operator has not approved (still pending) or has
 * rejected, with a 409 naming `field` when the caller chose the account in a form. An account
 * never goes back from active, so the check before a transaction holds inside it too.
 */
export function ensureAccountUsable(account: Pick<TradingAccountRow, 'status'>, field?: string): void {
  if (account.status === 'active') return;
  const message = account.status === 'pending' ? msg.awaitingApproval : msg.notApproved;
  throw new HttpError(409, message, field ? { [field]: [message] } : undefined);
}

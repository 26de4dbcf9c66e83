import type { TFunction } from 'i18next';
import { journalKindLabel } from '@bourse/contract';
import { msg } from './i18n';

/** The contract's names of the ledger kinds (`journalKindLabel`), marked for the catalogue. */
const kindLabels: Record<string, string> = {
  deposit: msg('Deposit'),
  withdrawal: msg('Withdrawal'),
  realised_pnl: msg('Realised P&L'),
  purchase: msg('Purchase'),
  fee: msg('Fee'),
  correction: msg('Correction'),
  transfer: msg('Transfer'),
  swap: msg('Swap'),
  commission: msg('Commission'),
  dividend: msg('Dividend'),
};

/** A ledger entry's kind in the reader's language; kinds added later read as the contract words them. */
export const ledgerKindText = (kind: string, t: TFunction) => (kindLabels[kind] ? t(kindLabels[kind]) : journalKindLabel(kind));

import type { TFunction } from 'i18next';
import { journalKindLabel } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

/** The contract's names of the ledger kinds (`journalKindLabel`), marked for the catalogue. */
const kindLabels: Record<string, string> = {
  deposit: msg('Deposit'),
  withdrawal: msg('Withdrawal'),
  realised_pnl: msg('Realised P&L'),
  purchase: msg('Purchase'),
  fee: msg('Fee'),
  correction: msg('Correction'),
  transfer: msg('Transfer'),
};

/** A ledger entry's kind in the reader's language; kinds added later read as the contract words them. */
export const kindText = (kind: string, t: TFunction) => (kindLabels[kind] ? t(kindLabels[kind]) : journalKindLabel(kind));

const moneySteps: Record<string, string> = {
  held: msg('Request #{{id}}: amount held'),
  released: msg('Request #{{id}}: amount returned'),
  in: msg('Request #{{id}}: received'),
  out: msg('Request #{{id}}: sent'),
};

/**
 * What a ledger entry's reference points to, in words: the server writes references for itself
 * (`ea:3`, `money:12:held`, `savings:4:in`), never for a reader. `itemName` names catalogue items.
 */
export function referenceText(reference: string | null, t: TFunction, itemName: (id: number) => string | undefined): string {
  if (!reference) return '—';
  const item = /^ea:(\d+)(:renewal:.*)?$/.exec(reference);
  if (item) {
    const name = itemName(Number(item[1])) ?? t('Marketplace item #{{id}}', { id: item[1] });
    return item[2] ? t('Renewal of {{name}}', { name }) : t('Purchase of {{name}}', { name });
  }
  const money = /^money:(\d+)(?::(\w+))?$/.exec(reference);
  if (money) {
    const step = money[2] ? moneySteps[money[2]] : undefined;
    return step ? t(step, { id: money[1] }) : t('Request #{{id}}', { id: money[1] });
  }
  const savings = /^savings:\d+:(in|out)$/.exec(reference);
  if (savings) return savings[1] === 'in' ? t('Moved to savings') : t('Taken from savings');
  if (reference.startsWith('adjustment: ')) return t('Reason: {{reason}}', { reason: reference.slice('adjustment: '.length) });
  if (reference === 'demo funding') return t('Demo funding');
  if (reference === 'demo reset') return t('Demo account reset');
  const protection = /^negative balance protection (\S+)$/.exec(reference);
  if (protection) return t('Negative balance protection, trade {{id}}', { id: protection[1] });
  return reference;
}

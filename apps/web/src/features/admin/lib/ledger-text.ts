import type { TFunction } from 'i18next';
import { ledgerDetail } from '@bourse/contract';
import { serverText } from '@/i18n/server-text';

/**
 * What a ledger entry's reference points to, in words: the server writes references for itself
 * (`ea:3`, `money:12:held`, `savings:4:in`), never for a reader. The back office knows the
 * catalogue, so a purchase or renewal names its item (`itemName`); every other reference reads as
 * the customer's ledger reads it (`ledgerDetail`).
 */
export function referenceText(reference: string | null, t: TFunction, itemName: (id: number) => string | undefined): string {
  if (!reference) return '—';
  const item = /^ea:(\d+)(:renewal:.*)?$/.exec(reference);
  const name = item ? itemName(Number(item[1])) : undefined;
  if (name) return item?.[2] ? t('Renewal of {{name}}', { name }) : t('Purchase of {{name}}', { name });
  const detail = ledgerDetail(reference);
  return detail ? serverText(t, detail.key, detail.params, reference) : reference;
}

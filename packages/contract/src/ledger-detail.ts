import { type LocalizedText, localized } from './localized.ts';
import { notices } from './notices.ts';

const patterns: [RegExp, (m: RegExpMatchArray) => LocalizedText][] = [
  [/^demo funding$/, () => localized(notices.demoFunding)],
  [/^demo reset$/, () => localized(notices.demoReset)],
  [/^adjustment: (.*)$/s, (m) => localized(notices.adjustment, { reason: m[1]! })],
  [/^money:(\d+)$/, (m) => localized(notices.moneyRequest, { id: m[1]! })],
  [/^money:(\d+):held$/, (m) => localized(notices.moneyHeld, { id: m[1]! })],
  [/^money:(\d+):released$/, (m) => localized(notices.moneyReleased, { id: m[1]! })],
  [/^money:(\d+):in$/, (m) => localized(notices.transferIn, { id: m[1]! })],
  [/^money:(\d+):out$/, (m) => localized(notices.transferOut, { id: m[1]! })],
  [/^ea:(\d+)$/, (m) => localized(notices.marketplaceItem, { id: m[1]! })],
  [/^ea:(\d+):renewal:/, (m) => localized(notices.marketplaceRenewal, { id: m[1]! })],
  [/^savings:(\d+):in$/, (m) => localized(notices.savingsIn, { id: m[1]! })],
  [/^savings:(\d+):out$/, (m) => localized(notices.savingsOut, { id: m[1]! })],
  [/^negative balance protection (\S+)$/, (m) => localized(notices.negativeBalance, { trade: m[1]! })],
  [/^swap:(\S+):(\d{4}-\d{2}-\d{2})$/, (m) => localized(notices.swapCharge, { trade: m[1]!, day: m[2]! })],
];

/**
 * What a ledger entry's reference says, as a message the reader sees in their language. References
 * are written by the server in a few fixed shapes (`money:12:held`, `demo funding`); read here, the
 * entries written before messages had keys read the same way. Null for a reference with no words
 * (a trade id) or one of a shape not known here, which is shown as it is.
 */
export function ledgerDetail(reference: string | null): LocalizedText | null {
  if (!reference) return null;
  for (const [pattern, message] of patterns) {
    const match = reference.match(pattern);
    if (match) return message(match);
  }
  return null;
}

import { accountUsable, type ExpertAdvisor, type TradingAccount } from '@bourse/contract';

/** Whether a customer on plan `planId` may buy and run the item: it names no plans, or theirs. */
export function planAllows(item: Pick<ExpertAdvisor, 'plans'>, planId: number | undefined): boolean {
  return item.plans.length === 0 || item.plans.some((p) => p.id === planId);
}

/** The accounts a paid item may be paid from: the live ones the operator has approved. */
export function payingAccounts(accounts: readonly TradingAccount[]): TradingAccount[] {
  return accounts.filter((a) => a.kind === 'live' && accountUsable(a));
}

/**
 * The account the dialog offers first: the selected one when it may pay, else the first whose
 * balance covers the price, else the first that may pay; null when none may.
 */
export function firstPayer(accounts: readonly TradingAccount[], selectedId: number | undefined, price: number): TradingAccount | null {
  const live = payingAccounts(accounts);
  return live.find((a) => a.id === selectedId) ?? live.find((a) => Number(a.balance) >= price) ?? live[0] ?? null;
}

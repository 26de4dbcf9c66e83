import { useLiveAccountSummary } from '@/stores/account-summary-store';

/** The footer's figures, in the account's currency. */
export type FooterSummary = { currency: string; balance: number; equity: number; margin: number; freeMargin: number; pnl: number };

/**
 * SPEC §3 account summary of the selected account, live: the server's balance and margin with the
 * P&L of the open positions at the latest ticks. Before the server answers: the account's balance,
 * equity = balance, no margin, no P&L.
 */
export function useAccountSummary(): FooterSummary {
  const { currency, balance, equity, margin, freeMargin, pnl } = useLiveAccountSummary();
  return { currency, balance, equity, margin, freeMargin, pnl };
}

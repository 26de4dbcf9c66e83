import { useSelectedAccount, useSession } from '@/stores/session-store';
import { useAccountSummaryQuery } from '../api/get-account-summary';

/** The footer's figures, in the account's currency. */
export type FooterSummary = { currency: string; balance: number; equity: number; margin: number; freeMargin: number; pnl: number };

/**
 * SPEC §3 account summary of the selected account: the server's figures once loaded; before that
 * (or without positions) equity = balance, margin 0, free margin = equity, P/L 0.
 */
export function useAccountSummary(): FooterSummary {
  const account = useSelectedAccount();
  const userBalance = useSession((s) => s.user?.balance ?? '0');
  const query = useAccountSummaryQuery(account?.id ?? null);
  const s = query.data;
  if (s) {
    return { currency: s.currency, balance: +s.balance, equity: +s.equity, margin: +s.margin, freeMargin: +s.freeMargin, pnl: +s.pnl };
  }
  const balance = Number(account?.balance ?? userBalance);
  return { currency: account?.currency ?? 'USD', balance, equity: balance, margin: 0, freeMargin: balance, pnl: 0 };
}

import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import type { AccountSummaryView } from '@bourse/contract';
import { accountSummary, type AccountSummary } from '@bourse/domain';
import { http } from '@/lib/api-client';
import { tradesQueryRoot } from '@/lib/realtime-hooks';
import { useSelectedAccount, useSession } from './session-store';

/** Under the trades root, so every `trade.updated` (and the trade polling) refreshes it too. */
export const accountSummaryKey = (accountId: number | null) => [...tradesQueryRoot, 'summary', accountId] as const;

/** GET /account/summary of a trading account (the user's first when null). */
export async function getAccountSummary(accountId: number | null): Promise<AccountSummaryView> {
  const { data } = await http.get<{ data: AccountSummaryView }>(`/account/summary${accountId === null ? '' : `?account_id=${accountId}`}`);
  return data;
}

export function useAccountSummaryQuery(accountId: number | null) {
  return useQuery({ queryKey: accountSummaryKey(accountId), queryFn: () => getAccountSummary(accountId) });
}

/**
 * P&L of the open positions the client holds, valued at the latest ticks: `live` is their sum now,
 * `snapshot` their sum as the server last listed them, `complete` whether every open position is
 * loaded (no further page).
 */
export type LivePnl = { live: number; snapshot: number; complete: boolean };

type LivePnlState = { pnl: LivePnl | null; setPnl: (pnl: LivePnl | null) => void };

/** Written by the positions list on every frame in which one of its instruments ticked. */
export const useLivePnlStore = create<LivePnlState>()((set) => ({ pnl: null, setPnl: (pnl) => set({ pnl }) }));

/** The open P&L now: exact when every position is loaded, else the server's figure moved by the loaded ones. */
export function livePnlOf(serverPnl: number, live: LivePnl | null): number {
  if (!live) return serverPnl;
  return live.complete ? live.live : serverPnl + live.live - live.snapshot;
}

/** SPEC §3 account summary with the server's balance and margin and the P&L at the latest ticks. */
export type LiveAccountSummary = AccountSummary<number> & { currency: string; loaded: boolean };

/**
 * The selected account's live summary (SPEC §9 formulas from `@bourse/domain`). Before the server
 * answers: the account's balance, no margin, no P&L.
 */
export function useLiveAccountSummary(): LiveAccountSummary {
  const account = useSelectedAccount();
  const userBalance = useSession((s) => s.user?.balance ?? '0');
  const { data } = useAccountSummaryQuery(account?.id ?? null);
  const live = useLivePnlStore((s) => s.pnl);
  if (!data) {
    const balance = Number(account?.balance ?? userBalance);
    return { ...accountSummary({ balance, credit: Number(account?.credit ?? 0), margin: 0, pnl: 0 }), currency: account?.currency ?? 'USD', loaded: false };
  }
  const figures = accountSummary({ balance: +data.balance, credit: +data.credit, margin: +data.margin, pnl: livePnlOf(+data.pnl, live) });
  return { ...figures, currency: data.currency, loaded: true };
}

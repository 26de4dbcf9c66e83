import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { type AccountSummaryView, type Asset, leverageCategoryOf } from '@bourse/contract';
import { accountSummary, type AccountSummary, markupDistance, type MarkupMap } from '@bourse/domain';
import { http } from '@/lib/api-client';
import { tradesQueryRoot } from '@/lib/realtime-hooks';
import { useSelectedAccount, useSession } from './session-store';

const NO_MARKUP: MarkupMap = {};

/** The selected account's group's markup by asset class or instrument symbol (from its summary); none until it answers. */
export function useGroupMarkup(): MarkupMap {
  const account = useSelectedAccount();
  return useAccountSummaryQuery(account?.id ?? null).data?.markup ?? NO_MARKUP;
}

/** The price distance a group's markup adds on each side of `asset`'s quote, as the server reckons it. */
export function groupMarkupOn(asset: Pick<Asset, 'symbol' | 'type' | 'digits'>, markup: MarkupMap): number {
  return markupDistance(markup, { symbol: asset.symbol, category: leverageCategoryOf[asset.type], digits: asset.digits });
}

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

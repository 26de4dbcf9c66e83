import { useMemo } from 'react';
import type { Asset } from '@bourse/contract';
import { closingPrice, fillPrice, type LevelPosition, liquidationLevels, pnl, type Side } from '@bourse/domain';
import { usePositions } from '@/features/positions/use-positions';
import { useAccountSummaryQuery, useLiveAccountSummary } from '@/stores/account-summary-store';
import { useOrderContext } from './hooks/use-order-context';

/** An order not placed yet, to see where the levels would move with it. */
export type OrderDraft = { side: Side; units: number; margin: number };

export type LiquidationLevels = { marginCall: number | null; stopOut: number | null };

/**
 * Prices of the active instrument (or of `of`, another one, when given) at which the selected account would reach its margin-call and
 * stop-out levels (its group's, from the server's account summary), with every open position at
 * today's prices: the formula of `@bourse/domain`. With `draft`, as they would be once that order
 * filled. Null while the summary, the quote or a conversion is not known yet.
 */
export function useLiquidationLevels(draft?: OrderDraft, of?: Asset | null): LiquidationLevels | null {
  const { asset, quote, conversion, accountId } = useOrderContext(of);
  const summary = useLiveAccountSummary();
  const { data } = useAccountSummaryQuery(accountId);
  const open = usePositions('open').trades;
  const marginCall = data?.marginCallLevel;
  const stopOut = data?.stopOutLevel;
  return useMemo(() => {
    if (marginCall === undefined || stopOut === undefined || !asset || !quote || conversion === null || !summary.loaded) return null;
    const levels = { marginCall, stopOut };
    const mid = (quote.bid + quote.ask) / 2;
    const mine: LevelPosition[] = open
      .filter((t) => t.asset_id === asset.asset_id && t.opening_price !== null)
      .map((t) => ({ side: t.trade_type, units: t.volume, openPrice: t.opening_price!, closePrice: closingPrice(t.trade_type, quote), conversion, onInstrument: true }));
    // What the rest of the account is worth now: its equity less these positions' floating P&L.
    const others = summary.equity - mine.reduce((sum, p) => sum + pnl({ side: p.side, units: p.units, openPrice: p.openPrice, closePrice: p.closePrice, conversion }), 0);
    const positions = draft
      ? [...mine, { side: draft.side, units: draft.units, openPrice: fillPrice(draft.side, quote), closePrice: closingPrice(draft.side, quote), conversion, onInstrument: true }]
      : mine;
    return liquidationLevels({ balance: others, positions, margin: summary.margin + (draft?.margin ?? 0) }, mid, levels);
  }, [marginCall, stopOut, asset, quote, conversion, summary.loaded, summary.equity, summary.margin, open, draft]);
}

import type { Trade } from '@bourse/contract';
import { quoteOf, useAsset, useConversion } from '@/stores/quotes';
import { useTick } from '@/stores/tick-store';
import { liveFigures, serverFigures, type LiveFigures } from '../lib/live-trade';

/**
 * An open trade's closing price and P&L at its instrument's latest tick. Each row reads only its
 * own instrument (and conversion pair), so one tick re-renders only the rows it moves.
 */
export function useLiveTrade(trade: Trade, currency: string): LiveFigures | null {
  const asset = useAsset(trade.asset_id);
  const tick = useTick(trade.asset_id);
  const conversion = useConversion(asset?.quote_currency, currency);
  const live = asset && tick ? liveFigures(trade, quoteOf(asset, tick), conversion) : null;
  return live ?? serverFigures(trade);
}

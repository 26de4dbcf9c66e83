import type { SeriesMarker, UTCTimestamp } from 'lightweight-charts';
import type { Trade } from '@bourse/contract';
import type { ChartColors } from '@/lib/chart-theme';

const barOf = (iso: string, seconds: number) => (Math.floor(Date.parse(iso) / 1000 / seconds) * seconds) as UTCTimestamp;

/**
 * The fills of an instrument's trades as chart markers on the bars they fell in: an arrow at
 * each entry (up below the bar for a buy, down above it for a sell) and a dot at each exit, the
 * ones an Expert Advisor or the Auto Trader placed labelled as theirs. `t` puts the words in the
 * language shown (English as they are without it).
 */
export function tradeMarkers(
  trades: readonly Trade[],
  assetId: number | null,
  seconds: number,
  colors: Pick<ChartColors, 'up' | 'down' | 'text'>,
  t: (message: string) => string = (message) => message,
): SeriesMarker<UTCTimestamp>[] {
  const who: Record<Trade['placed_by'], string> = { customer: '', robot: 'EA ', autotrader: `${t('Auto')} ` };
  const markers: SeriesMarker<UTCTimestamp>[] = [];
  for (const trade of trades) {
    if (trade.asset_id !== assetId || !trade.open_time) continue;
    const buy = trade.trade_type === 'buy';
    const label = `${who[trade.placed_by]}${buy ? t('Buy') : t('Sell')} ${trade.lots}`;
    markers.push({ id: `open-${trade.id}`, time: barOf(trade.open_time, seconds), position: buy ? 'belowBar' : 'aboveBar', shape: buy ? 'arrowUp' : 'arrowDown', color: buy ? colors.up : colors.down, text: label });
    if (trade.close_time) {
      markers.push({
        id: `close-${trade.id}`,
        time: barOf(trade.close_time, seconds),
        position: buy ? 'aboveBar' : 'belowBar',
        shape: 'circle',
        color: colors.text,
        text: `${who[trade.placed_by]}${t('Close')}`,
      });
    }
  }
  return markers.sort((a, b) => a.time - b.time);
}

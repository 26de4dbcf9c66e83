import { useEffect } from 'react';
import type { Trade } from '@bourse/contract';
import { useLivePnlStore } from '@/stores/account-summary-store';
import { useAssetStore } from '@/stores/asset-store';
import { priceTicks } from '@/stores/tick-store';
import { livePnlTotal, pnlInstruments } from '../lib/live-pnl';

/**
 * Keeps the shared live P&L (footer, margin check) in step with the ticks: recomputed after each
 * frame in which an instrument of `trades` (or its conversion pair) ticked, outside React.
 */
export function useLivePnlFeed(trades: readonly Trade[], complete: boolean, currency: string, ready: boolean) {
  const assets = useAssetStore((s) => s.assets);
  const setPnl = useLivePnlStore((s) => s.setPnl);
  useEffect(() => {
    if (!ready) return;
    const price = (id: number) => priceTicks.get(id);
    const update = () => setPnl(livePnlTotal(trades, assets, price, currency, complete));
    update();
    const watched = pnlInstruments(trades, assets, currency);
    const unsubscribe = priceTicks.subscribeFlush((changed) => {
      for (const id of changed) {
        if (watched.has(id)) return update();
      }
    });
    return () => {
      unsubscribe();
      setPnl(null);
    };
  }, [trades, assets, currency, complete, ready, setPnl]);
}

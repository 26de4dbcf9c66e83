import { useRef } from 'react';
import { isMarketOpen, lotsToUnits, parseVolumeInput } from '@bourse/domain';
import { useToastsBelow } from '@/hooks/use-toasts-below';
import { cn } from '@/lib/cn';
import { useOrderContext } from '../hooks/use-order-context';
import { useSubmitOrder } from '../hooks/use-submit-order';
import { toLots } from '../lib/volume-units';
import { useOrderForm } from '../stores/order-form-store';
import { CostInfo } from './cost-info';
import { LiquidationInfo } from './liquidation-info';
import { MarginInfo } from './margin-info';
import { PendingOrderDialog } from './pending-order-dialog';
import { PriceButtons } from './price-buttons';
import { ProfitCalculatorDialog } from './profit-calculator-dialog';
import { TargetsDialog } from './targets-dialog';
import { VolumeInput } from './volume-input';

/**
 * The trading room's order entry (SPEC §2): entry price, TP/SL, calculator, volume and the BUY and
 * SELL buttons that submit at once, with the margin the order needs under them.
 */
export function OrderBar({ className }: { className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // Order toasts would otherwise land on the BUY and SELL buttons for their 3 to 5 seconds.
  useToastsBelow(ref);
  const ctx = useOrderContext();
  const { submit, busy } = useSubmitOrder(ctx);
  const text = useOrderForm((s) => s.text);
  const unit = useOrderForm((s) => s.unit);
  const { asset, quote, leverage, conversion, currency } = ctx;
  const volumeCtx = asset && quote ? { contractSize: asset.contract_size, price: quote.ask, conversion } : null;
  const lots = volumeCtx ? toLots(parseVolumeInput(text), unit, volumeCtx) : 0;

  return (
    <div ref={ref} className={cn('flex min-w-0 flex-col gap-1', className)} data-testid="order-bar">
      {/* Narrow screens: SELL and BUY on a row of their own, volume and tools under them. */}
      <div className="flex min-w-0 flex-wrap items-center gap-1.5 md:flex-nowrap">
        <PriceButtons onTrade={submit} busy={busy} markup={ctx.markup} className="order-first w-full md:order-last md:w-auto md:min-w-0 md:flex-1" />
        <VolumeInput ctx={volumeCtx} className="min-w-0 flex-1 md:order-3 md:w-44 md:flex-none" />
        <PendingOrderDialog quote={quote} />
        <TargetsDialog quote={quote} />
        <ProfitCalculatorDialog quote={quote} units={asset ? lotsToUnits(lots, asset.contract_size) : 0} leverage={leverage} conversion={conversion} currency={currency} />
      </div>
      {asset && quote && (
        <MarginInfo
          lots={lots}
          contractSize={asset.contract_size}
          rate={quote.ask}
          leverage={leverage}
          conversion={conversion}
          closed={!isMarketOpen(asset.type)}
          className="justify-end"
        />
      )}
      {asset && <CostInfo assetId={asset.asset_id} lots={lots} accountId={ctx.accountId} className="justify-end" />}
      {asset && <LiquidationInfo lots={lots} className="justify-end" />}
    </div>
  );
}

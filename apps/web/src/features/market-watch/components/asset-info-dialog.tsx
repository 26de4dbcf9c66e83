import type { ReactNode } from 'react';
import { format } from 'date-fns';
import { DEFAULT_CONTRACT_SIZE, LOT_STEP, MAX_LOTS, MIN_LOTS } from '@bourse/domain/lots';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { applyLiveValues } from '@/stores/asset-rules';
import { assetStore } from '@/stores/asset-store';
import { useTick } from '@/stores/tick-store';
import { tradingSchedule } from '../lib/trading-schedule';
import { useAssetInfo } from '../stores/asset-info-store';

const numberFmt = new Intl.NumberFormat('en-US');
const pct = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;
const units = (n: number) => `${numberFmt.format(n)} ${n === 1 ? 'unit' : 'units'}`;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-line/60 py-1.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** SPEC §2 asset info dialog, with the instrument's live values; Trade Now opens its pair. */
export function AssetInfoDialog() {
  const base = useAssetInfo((s) => s.asset);
  const close = useAssetInfo((s) => s.close);
  const tick = useTick(base?.asset_id);
  if (!base) return null;
  const asset = tick ? applyLiveValues(base, tick) : base;
  const digits = Math.max(asset.digits, 2);
  const schedule = tradingSchedule(asset.type);
  const up = asset.change >= 0;
  const contractSize = asset.contract_size || DEFAULT_CONTRACT_SIZE;
  const tradeNow = () => {
    assetStore.getState().selectAsset(base);
    close();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && close()} title={asset.symbol_display} description={asset.name}>
      <dl>
        <Fact label="Symbol">{asset.symbol}</Fact>
        <Fact label="Rate" testId="info-rate">{formatPrice(asset.rate, digits)}</Fact>
        <Fact label="24h high">{formatPrice(asset.price_high, digits)}</Fact>
        <Fact label="24h low">{formatPrice(asset.price_low, digits)}</Fact>
        <Fact label="Buy spread">{pct(asset.buy_spread)}</Fact>
        <Fact label="Sell spread">{pct(asset.sell_spread)}</Fact>
        <Fact label="24h change">
          <span className={cn(up ? 'text-up' : 'text-down')}>
            {up ? '+' : ''}
            {formatPrice(asset.change, digits)} ({up ? '+' : ''}
            {asset.change_percent.toFixed(2)}%)
          </span>
        </Fact>
      </dl>
      <h3 className="mt-4 mb-1 text-xs font-semibold tracking-wider text-muted uppercase">Trading schedule</h3>
      <p className="text-sm">
        {schedule.text}{' '}
        <span className={cn('ml-1 rounded px-1.5 py-0.5 text-xs', schedule.open ? 'bg-up/15 text-up' : 'bg-down/15 text-down')}>
          {schedule.open ? 'Open now' : 'Closed now'}
        </span>
      </p>
      <h3 className="mt-4 mb-1 text-xs font-semibold tracking-wider text-muted uppercase">Contract specifications</h3>
      <dl>
        <Fact label="Contract size">{units(contractSize)} per lot</Fact>
        <Fact label="Minimum position">{units(asset.position)}</Fact>
        <Fact label="Volume">
          {MIN_LOTS} to {MAX_LOTS} lots, step {LOT_STEP}
        </Fact>
        <Fact label="Leverage">1:{asset.leverage}</Fact>
        <Fact label="Quote currency">{asset.quote_currency}</Fact>
      </dl>
      <p className="mt-3 text-xs text-muted">Last updated {format(new Date(asset.updated_at), 'yyyy-MM-dd HH:mm:ss')}</p>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
        <Button onClick={tradeNow}>Trade Now</Button>
      </div>
    </Dialog>
  );
}

import type { ReactNode } from 'react';
import { format } from 'date-fns';
import { BellPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@bourse/contract';
import { DEFAULT_CONTRACT_SIZE, LOT_STEP, MAX_LOTS, MIN_LOTS } from '@bourse/domain/lots';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { formatNumber, formatPrice } from '@/lib/format';
import { applyLiveValues } from '@/stores/asset-rules';
import { assetStore } from '@/stores/asset-store';
import { useTick } from '@/stores/tick-store';
import { tradingSchedule } from '../lib/trading-schedule';
import { useAssetInfo } from '../stores/asset-info-store';

const pct = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-line/60 py-1.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end font-medium tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** SPEC §2 asset info dialog, with the instrument's live values; Trade Now opens its pair, Set alert (when given) a price alert. */
export function AssetInfoDialog({ onAlert }: { onAlert?: (asset: Asset) => void }) {
  const { t } = useTranslation();
  const base = useAssetInfo((s) => s.asset);
  const close = useAssetInfo((s) => s.close);
  const tick = useTick(base?.asset_id);
  if (!base) return null;
  const units = (n: number) => t('{{size}} units', { count: n, size: formatNumber(n) });
  const asset = tick ? applyLiveValues(base, tick) : base;
  const { digits } = asset;
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
        <Fact label={t('Symbol')}>{asset.symbol}</Fact>
        <Fact label={t('Rate')} testId="info-rate">{formatPrice(asset.rate, digits)}</Fact>
        <Fact label={t('24h high')}>{formatPrice(asset.price_high, digits)}</Fact>
        <Fact label={t('24h low')}>{formatPrice(asset.price_low, digits)}</Fact>
        <Fact label={t('Buy spread')}>{pct(asset.buy_spread)}</Fact>
        <Fact label={t('Sell spread')}>{pct(asset.sell_spread)}</Fact>
        <Fact label={t('24h change')}>
          <span className={cn(up ? 'text-up' : 'text-down')}>
            {up ? '+' : ''}
            {formatPrice(asset.change, digits)} ({up ? '+' : ''}
            {asset.change_percent.toFixed(2)}%)
          </span>
        </Fact>
      </dl>
      <h3 className="mt-4 mb-1 text-xs font-semibold tracking-wider text-muted uppercase">{t('Trading schedule')}</h3>
      <p className="text-sm">
        {t(schedule.text)}{' '}
        <span className={cn('ms-1 rounded px-1.5 py-0.5 text-xs', schedule.open ? 'bg-up/15 text-up' : 'bg-down/15 text-down')}>
          {schedule.open ? t('Open now') : t('Closed now')}
        </span>
      </p>
      <h3 className="mt-4 mb-1 text-xs font-semibold tracking-wider text-muted uppercase">{t('Contract specifications')}</h3>
      <dl>
        <Fact label={t('Contract size')}>{t('{{units}} per lot', { units: units(contractSize) })}</Fact>
        <Fact label={t('Minimum position')}>{units(asset.position)}</Fact>
        <Fact label={t('Volume')}>{t('{{min}} to {{max}} lots, step {{step}}', { min: MIN_LOTS, max: MAX_LOTS, step: LOT_STEP })}</Fact>
        <Fact label={t('Leverage')}>1:{asset.leverage}</Fact>
        <Fact label={t('Quote currency')}>{asset.quote_currency}</Fact>
      </dl>
      <p className="mt-3 text-xs text-muted">{t('Last updated {{time}}', { time: format(new Date(asset.updated_at), 'yyyy-MM-dd HH:mm:ss') })}</p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          {t('Close')}
        </Button>
        {onAlert && (
          <Button
            variant="secondary"
            onClick={() => {
              close();
              onAlert(base);
            }}
          >
            <BellPlus className="size-4" aria-hidden /> {t('Set alert')}
          </Button>
        )}
        <Button onClick={tradeNow}>{t('Trade Now')}</Button>
      </div>
    </Dialog>
  );
}

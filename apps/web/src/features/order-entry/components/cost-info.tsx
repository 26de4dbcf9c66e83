import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useDisplayMoney } from '@/stores/currency-store';
import { useOrderCosts } from '../api/order-costs';

type CostInfoProps = { assetId: number; lots: number; accountId: number | null; className?: string };

/**
 * What the order would cost before it is placed (from the server, under the account's group):
 * crossing the spread now, the commission on opening and on closing, and a night's swap long and
 * short (or "swap-free"). Costs are shown as amounts paid: a charge reads positive.
 */
export function CostInfo({ assetId, lots, accountId, className }: CostInfoProps) {
  const { t } = useTranslation();
  const { data } = useOrderCosts(assetId, lots, accountId);
  const money = useDisplayMoney(data?.currency ?? 'USD');
  if (!data || lots <= 0) return null;
  const paid = (charge: string) => money(-Number(charge));
  // `|| 0`: no commission reads $0.00, not −$0.00.
  const commission = -(Number(data.commission_open) + Number(data.commission_close)) || 0;
  const swap = (value: string | null) => (value === null ? '—' : money(Number(value)));
  return (
    <p className={cn('flex flex-wrap gap-x-2 text-[10px] leading-tight text-muted tabular-nums', className)} data-testid="order-costs" aria-live="polite">
      <span>
        {t('Spread')} <span className="font-mono text-fg" data-testid="cost-spread">{money(Number(data.spread))}</span>
      </span>
      <span title={t('On opening {{open}}, on closing {{close}}', { open: paid(data.commission_open), close: paid(data.commission_close) })}>
        {t('Commission')} <span className="font-mono text-fg" data-testid="cost-commission">{money(commission)}</span>
      </span>
      {data.swap_free ? (
        <span data-testid="cost-swap-free">{t('Swap-free')}</span>
      ) : (
        <span>
          {t('Swap / night')}{' '}
          <span className="font-mono text-fg" data-testid="cost-swap">
            {swap(data.swap_long)} / {swap(data.swap_short)}
          </span>
        </span>
      )}
    </p>
  );
}

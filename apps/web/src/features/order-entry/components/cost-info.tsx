import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useDisplayMoney } from '@/stores/currency-store';
import { useOrderCosts } from '../api/order-costs';

type CostInfoProps = { assetId: number; lots: number; accountId: number | null; className?: string };

/** A percentage the server gave to four places ('0.0182') as the reader writes it (0.0182 %). */
const percent = (value: string) => formatNumber(Number(value) / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * A figure's share of the order's notional (or two, long / short), quieter than the amount it
 * follows; each number isolated so a minus sign stays with its digits in a right-to-left page.
 */
function Share({ value, other, testId }: { value: string; other?: string; testId: string }) {
  return (
    <span className="text-muted" data-testid={testId}>
      {' ('}
      <bdi>{value}</bdi>
      {other !== undefined && (
        <>
          {' / '}
          <bdi>{other}</bdi>
        </>
      )}
      {')'}
    </span>
  );
}

/**
 * What the order would cost before it is placed (from the server, under the account's group):
 * crossing the spread now, the commission on opening and on closing, a night's swap long and
 * short (or "swap-free"), and the total of spread and commissions; each also as a share of the
 * order's notional, which the server computes from the same figures. Costs are shown as amounts
 * paid: a charge reads positive.
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
  const swapShare = (value: string | null) => (value === null ? '—' : percent(value));
  return (
    <p
      className={cn('flex flex-wrap gap-x-2 text-[10px] leading-tight text-muted tabular-nums', className)}
      data-testid="order-costs"
      data-notional={data.notional}
      data-total-percent={data.percent.total}
      title={t('Percentages are of the order value, {{notional}}', { notional: money(Number(data.notional)) })}
      aria-live="polite"
    >
      <span>
        {t('Spread')} <span className="font-mono text-fg" data-testid="cost-spread">{money(Number(data.spread))}</span>
        <Share testId="cost-spread-percent" value={percent(data.percent.spread)} />
      </span>
      <span title={t('On opening {{open}}, on closing {{close}}', { open: paid(data.commission_open), close: paid(data.commission_close) })}>
        {t('Commission')} <span className="font-mono text-fg" data-testid="cost-commission">{money(commission)}</span>
        <Share testId="cost-commission-percent" value={percent(data.percent.commission)} />
      </span>
      {data.swap_free ? (
        <span data-testid="cost-swap-free">{t('Swap-free')}</span>
      ) : (
        <span>
          {t('Swap / night')}{' '}
          <span className="font-mono text-fg" data-testid="cost-swap">
            {swap(data.swap_long)} / {swap(data.swap_short)}
          </span>
          <Share testId="cost-swap-percent" value={swapShare(data.percent.swap_long)} other={swapShare(data.percent.swap_short)} />
        </span>
      )}
      <span title={t('Spread and commission to open and close; swaps come on top for each night held')}>
        {t('Total')} <span className="font-mono font-medium text-fg" data-testid="cost-total">{money(Number(data.total))}</span>
        <Share testId="cost-total-percent" value={percent(data.percent.total)} />
      </span>
    </p>
  );
}

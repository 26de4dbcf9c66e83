import { useState } from 'react';
import { Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type ExposureRow, formatPrice } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useExposure } from '../api/desk';
import { categoryLabels } from '../lib/dealing-labels';
import { lots, signedLots, tone, usd } from '../lib/desk-format';
import { HedgeDialog } from './hedge-dialog';

const th = 'px-3 py-2.5 text-start text-xs font-semibold uppercase tracking-wider text-muted';
const td = 'whitespace-nowrap px-3 py-2 text-end tabular-nums';
const price = (r: ExposureRow, value: number | null) => formatPrice(value, r.digits ?? 5);

function ExposureTable({ rows, onHedge }: { rows: ExposureRow[]; onHedge: (row: ExposureRow) => void }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-panel">
      <table className="w-full text-sm" data-testid="exposure-table">
        <caption className="sr-only">{t('Exposure per instrument')}</caption>
        <thead className="border-b border-line bg-panel-2/50">
          <tr>
            <th scope="col" className={th}>{t('Instrument')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Long lots')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Short lots')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Net lots')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Average price')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Net notional')}</th>
            <th scope="col" className={`${th} text-end`}>{t('House P&L')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Hedged')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Uncovered')}</th>
            <th scope="col" className={th}>{t('Rule')}</th>
            <th scope="col" className={th}><span className="sr-only">{t('Actions')}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((r) => (
            <tr key={r.asset_id} data-testid="exposure-row" data-symbol={r.symbol}>
              <th scope="row" className="px-3 py-2 text-start font-normal">
                <span className="block font-medium">{r.symbol}</span>
                <span className="block text-xs text-muted">{r.category ? t(categoryLabels[r.category]) : r.quote_currency}</span>
              </th>
              <td className={td} data-testid="long-lots">{lots(r.long_lots)}</td>
              <td className={td} data-testid="short-lots">{lots(r.short_lots)}</td>
              <td className={cn(td, 'font-medium')} data-testid="net-lots">{signedLots(r.net_lots)}</td>
              <td className={cn(td, 'text-xs')} dir="ltr">
                <span className="block">{r.long_avg_price === null ? '—' : `▲ ${price(r, r.long_avg_price)}`}</span>
                <span className="block text-muted">{r.short_avg_price === null ? '—' : `▼ ${price(r, r.short_avg_price)}`}</span>
              </td>
              <td className={td}>{usd(r.net_notional)}</td>
              <td className={cn(td, 'font-medium', tone(r.house_pnl))} data-testid="house-pnl">{usd(r.house_pnl)}</td>
              <td className={cn(td, 'text-xs')}>
                <span className="block">{t('A-book {{lots}}', { lots: signedLots(r.a_book_net_lots) })}</span>
                <span className="block text-muted">{t('Hedges {{lots}}', { lots: signedLots(r.hedge_net_lots) })}</span>
              </td>
              <td className={cn(td, 'font-medium')}>{signedLots(r.house_net_lots)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-xs">
                {r.rule ? (
                  <span className={r.rule.enabled ? '' : 'text-muted line-through'}>{t('At {{lots}} lots', { lots: lots(r.rule.threshold_lots) })}</span>
                ) : (
                  <span className="text-muted">{t('None')}</span>
                )}
              </td>
              <td className="px-3 py-2 text-end">
                <Button size="sm" variant="secondary" onClick={() => onHedge(r)} aria-label={t('Hedge {{symbol}}', { symbol: r.symbol })}>
                  <Shield className="size-3.5" aria-hidden /> {t('Hedge')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The house's exposure now, per asset class and instrument; read again whenever the desk's channel says trades moved. */
export function DeskExposure() {
  const { t } = useTranslation();
  const [withDemo, setWithDemo] = useState(false);
  const exposure = useExposure(withDemo ? 'all' : 'live');
  const [hedging, setHedging] = useState<ExposureRow | null>(null);
  const data = exposure.data;
  return (
    <section aria-labelledby="desk-exposure" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="desk-exposure" className="text-base font-semibold">{t('Live exposure')}</h2>
          <p className="text-sm text-muted">{t('Customers’ open positions; the house takes the other side of its B-book flow. Amounts in USD.')}</p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={withDemo} onChange={(e) => setWithDemo(e.target.checked)} className="size-4 accent-brand" data-testid="exposure-demo" />
          {t('Include demo accounts')}
        </label>
      </div>
      {exposure.error && <Alert variant="destructive">{errorMessage(exposure.error, t('Could not load the exposure'))}</Alert>}
      {!data && exposure.isLoading && <Spinner />}
      {data && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="exposure-totals">
            <Figure label={t('House P&L')} value={usd(data.total.house_pnl)} className={tone(data.total.house_pnl)} />
            <Figure label={t('Long notional')} value={usd(data.total.long_notional)} />
            <Figure label={t('Short notional')} value={usd(data.total.short_notional)} />
            <Figure label={t('Open positions')} value={String(data.instruments.reduce((s, r) => s + r.positions, 0))} />
          </dl>
          {data.classes.length > 0 && (
            <ul className="flex flex-wrap gap-2 text-xs" aria-label={t('Per asset class')}>
              {data.classes.map((c) => (
                <li key={c.category ?? ''} className="rounded-lg border border-line bg-panel px-3 py-2">
                  <span className="font-medium">{c.category ? t(categoryLabels[c.category]) : t('Other')}</span>{' '}
                  <span className="text-muted">{t('net {{amount}}', { amount: usd(c.net_notional) })}</span>{' '}
                  <span className={tone(c.house_pnl)}>{usd(c.house_pnl)}</span>
                </li>
              ))}
            </ul>
          )}
          {data.instruments.length === 0 ? <p className="text-sm text-muted">{t('No open positions.')}</p> : <ExposureTable rows={data.instruments} onHedge={setHedging} />}
        </>
      )}
      {hedging && <HedgeDialog row={hedging} onOpenChange={(open) => !open && setHedging(null)} />}
    </section>
  );
}

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="rounded-xl border border-line bg-panel px-4 py-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={cn('mt-1 text-lg font-semibold tabular-nums', className)}>{value}</dd>
    </div>
  );
}

import { useState } from 'react';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useHedges } from '../api/desk';
import { hedgeOriginLabels, hedgeStatusLabels, lots, signedLots } from '../lib/desk-format';
import { Pagination } from './pagination';

const th = 'px-3 py-2.5 text-start text-xs font-semibold uppercase tracking-wider text-muted';
const td = 'whitespace-nowrap px-3 py-2';

/** Every hedge, newest first: from a rule (with the exposure that fired it) or by hand, its venue and answer. */
export function DeskHedges() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const hedges = useHedges(page);
  const rows = hedges.data?.data ?? [];
  return (
    <section aria-labelledby="desk-hedges" className="flex flex-col gap-3">
      <h2 id="desk-hedges" className="text-base font-semibold">{t('Hedge history')}</h2>
      {hedges.isLoading && <Spinner />}
      {hedges.data && rows.length === 0 && <p className="text-sm text-muted">{t('No hedges yet. Set a rule or hedge by hand from the exposure table.')}</p>}
      {rows.length > 0 && (
        <div className="overflow-x-auto rounded-xl border border-line bg-panel">
          <table className="w-full text-sm" data-testid="hedges-table">
            <caption className="sr-only">{t('Hedge history')}</caption>
            <thead className="border-b border-line bg-panel-2/50">
              <tr>
                <th scope="col" className={th}>{t('Time')}</th>
                <th scope="col" className={th}>{t('Instrument')}</th>
                <th scope="col" className={th}>{t('Origin')}</th>
                <th scope="col" className={th}>{t('House side')}</th>
                <th scope="col" className={`${th} text-end`}>{t('Lots')}</th>
                <th scope="col" className={`${th} text-end`}>{t('Uncovered then')}</th>
                <th scope="col" className={th}>{t('Venue')}</th>
                <th scope="col" className={th}>{t('Status')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((h) => (
                <tr key={h.id} data-testid="hedge-row">
                  <td className={cn(td, 'tabular-nums text-muted')}>{format(new Date(h.created_at), 'yyyy-MM-dd HH:mm:ss')}</td>
                  <th scope="row" className={cn(td, 'text-start font-medium')}>{h.symbol}</th>
                  <td className={td}>{t(hedgeOriginLabels[h.origin])}{h.created_by ? <span className="block text-xs text-muted">{h.created_by}</span> : null}</td>
                  <td className={cn(td, h.side === 'buy' ? 'text-up' : 'text-down')}>{h.side === 'buy' ? t('Buy') : t('Sell')}</td>
                  <td className={cn(td, 'text-end tabular-nums')}>{lots(h.lots)}</td>
                  <td className={cn(td, 'text-end tabular-nums')}>{h.exposure_lots === null ? '—' : t('{{lots}} (at {{threshold}})', { lots: signedLots(h.exposure_lots), threshold: lots(h.threshold_lots ?? 0) })}</td>
                  <td className={td}>{h.venue ?? t('None (ticket)')}</td>
                  <td className={td}>
                    {t(hedgeStatusLabels[h.status])}
                    {h.text ? <span className="block max-w-48 truncate text-xs text-muted" title={h.text}>{h.text}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hedges.data && <Pagination page={page} perPage={hedges.data.meta.per_page} total={hedges.data.meta.total} onPage={setPage} />}
    </section>
  );
}

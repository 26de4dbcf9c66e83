import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { currentLocale, msg } from '@/i18n/i18n';
import { type AdminEaSales, useEaSales } from './api/marketplace-admin';

const HEADINGS = [msg('Date'), msg('Client'), msg('Item'), msg('Account'), msg('Amount'), msg('Status')];

function Totals({ totals }: { totals: AdminEaSales['totals'] }) {
  const { t } = useTranslation();
  const cells = [
    [msg('Sales'), String(totals.count)],
    [msg('Active'), String(totals.active)],
    [msg('Revenue'), `$${Number(totals.amount).toFixed(2)}`],
  ] as const;
  return (
    <dl className="mb-4 grid grid-cols-3 gap-2">
      {cells.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-line bg-panel p-3">
          <dt className="text-xs text-muted">{t(label)}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SalesTable({ rows }: { rows: AdminEaSales['data'] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="text-sm text-muted">{t('No sales yet.')}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full min-w-[640px] text-sm">
        <thead className="bg-panel-2 text-start text-xs text-muted">
          <tr>
            {HEADINGS.map((h) => (
              <th key={h} className="px-3 py-2 font-medium">
                {t(h)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-line">
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{new Date(r.created_at).toLocaleString(currentLocale())}</td>
              <td className="px-3 py-2">{r.email}</td>
              <td className="px-3 py-2">{r.ea_name}</td>
              <td className="px-3 py-2 tabular-nums">#{r.account_id}</td>
              <td className="px-3 py-2 tabular-nums">{Number(r.amount) === 0 ? t('Free') : `$${r.amount}`}</td>
              <td className={r.status === 'active' ? 'px-3 py-2 text-up' : 'px-3 py-2 text-muted'}>{r.status === 'active' ? t('Active') : t('Lapsed')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Back office: who bought which marketplace item, when, for how much, with totals. */
export function SalesPage() {
  const { t } = useTranslation();
  const sales = useEaSales();
  return (
    <div>
      <PageHeader title={t('Marketplace sales')} />
      {sales.isPending && <Spinner />}
      {sales.isError && (
        <Alert variant="destructive" title={t('Failed to load the sales')}>
          <Button variant="secondary" size="sm" onClick={() => void sales.refetch()}>
            {t('Retry')}
          </Button>
        </Alert>
      )}
      {sales.data && (
        <>
          <Totals totals={sales.data.totals} />
          <SalesTable rows={sales.data.data} />
        </>
      )}
    </div>
  );
}

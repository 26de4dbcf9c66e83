import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { DeskAccounts } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { type DeskPeriod, useDailyPnl, useExportDailyPnl } from '../api/desk';
import { lots } from '../lib/desk-format';

const th = 'px-3 py-2.5 text-start text-xs font-semibold uppercase tracking-wider text-muted';
const td = 'whitespace-nowrap px-3 py-2 text-end tabular-nums';

/** Daily P&L by group and instrument in the period, with its CSV; the days whose end-of-day snapshot is kept. */
export function DeskReports({ period, accounts }: { period: DeskPeriod; accounts: DeskAccounts }) {
  const { t } = useTranslation();
  const report = useDailyPnl(period, accounts);
  const exporter = useExportDailyPnl();
  const download = async () => {
    try {
      await exporter.mutateAsync({ period, accounts });
    } catch (error) {
      toast.error(errorMessage(error, t('Could not export the report')));
    }
  };
  const rows = report.data?.rows ?? [];
  return (
    <section aria-labelledby="desk-reports" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="desk-reports" className="text-base font-semibold">{t('Daily P&L')}</h2>
          <p className="text-sm text-muted">{t('Income to the house is positive; the house’s result is commissions and swaps less customers’ realised P&L on B-book positions.')}</p>
        </div>
        <Button variant="secondary" size="sm" loading={exporter.isPending} onClick={() => void download()} data-testid="export-daily-pnl">
          <Download className="size-4" aria-hidden /> {t('Download CSV')}
        </Button>
      </div>
      {report.isLoading && <Spinner />}
      {report.data && rows.length === 0 && <p className="text-sm text-muted">{t('No trading in this period.')}</p>}
      {rows.length > 0 && (
        <div className="overflow-x-auto rounded-xl border border-line bg-panel">
          <table className="w-full text-sm" data-testid="daily-pnl">
            <thead className="border-b border-line bg-panel-2/50">
              <tr>
                <th scope="col" className={th}>{t('Day')}</th>
                <th scope="col" className={th}>{t('Group')}</th>
                <th scope="col" className={th}>{t('Instrument')}</th>
                <th scope="col" className={`${th} text-end`}>{t('Trades')}</th>
                <th scope="col" className={`${th} text-end`}>{t('Lots')}</th>
                <th scope="col" className={`${th} text-end`}>{t('Spread income')}</th>
                <th scope="col" className={`${th} text-end`}>{t('Commissions')}</th>
                <th scope="col" className={`${th} text-end`}>{t('Swaps')}</th>
                <th scope="col" className={`${th} text-end`}>{t('Customers’ realised P&L')}</th>
                <th scope="col" className={`${th} text-end`}>{t('House result')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((r) => (
                <tr key={`${r.day}-${r.group_id}-${r.asset_id}-${r.currency}`}>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{r.day}</td>
                  <td className="whitespace-nowrap px-3 py-2">{r.group_name}</td>
                  <th scope="row" className="whitespace-nowrap px-3 py-2 text-start font-medium">{r.symbol}</th>
                  <td className={td}>{r.trades}</td>
                  <td className={td}>{lots(r.lots)}</td>
                  <td className={td}>{formatMoney(r.spread_income, r.currency)}</td>
                  <td className={td}>{formatMoney(r.commissions, r.currency)}</td>
                  <td className={td}>{formatMoney(r.swaps, r.currency)}</td>
                  <td className={td}>{formatMoney(r.realised_pnl, r.currency)}</td>
                  <td className={cn(td, 'font-medium', r.house_pnl > 0 ? 'text-up' : r.house_pnl < 0 ? 'text-down' : '')}>{formatMoney(r.house_pnl, r.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.data && (
        <p className="text-xs text-muted">
          {report.data.snapshots.length ? t('End-of-day snapshots kept for {{days}} days of this period.', { days: report.data.snapshots.length }) : t('No end-of-day snapshot kept in this period yet.')}
        </p>
      )}
    </section>
  );
}

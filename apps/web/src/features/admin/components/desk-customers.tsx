import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { CustomerFigures, ToxicFlag } from '@bourse/contract';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney, formatNumber } from '@/lib/format';
import { type DeskPeriod, useDeskGroups, useMoveToGroup, useTopCustomers, useToxicFlow } from '../api/desk';
import { lots } from '../lib/desk-format';

const th = 'px-3 py-2.5 text-start text-xs font-semibold uppercase tracking-wider text-muted';
const td = 'whitespace-nowrap px-3 py-2';

/** Moves the customer's account to another group, from where the desk found them. */
function MoveToGroup({ row }: { row: CustomerFigures }) {
  const { t } = useTranslation();
  const groups = useDeskGroups();
  const move = useMoveToGroup();
  const onChange = async (groupId: number) => {
    try {
      const group = await move.mutateAsync({ accountId: row.account_id, groupId });
      toast.success(t('{{name}} moved to {{group}}', { name: row.name, group: group.name }));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not move the account')));
    }
  };
  return (
    <select
      aria-label={t('Group of {{name}}’s account {{id}}', { name: row.name, id: row.account_id })}
      value={row.group_id}
      disabled={move.isPending || !groups.data}
      onChange={(e) => void onChange(Number(e.target.value))}
      className="h-8 rounded-md border border-line bg-panel-2 px-2 text-sm"
    >
      {(groups.data ?? [{ id: row.group_id, name: row.group_name }]).map((g) => (
        <option key={g.id} value={g.id}>{g.name}</option>
      ))}
    </select>
  );
}

function Who({ row }: { row: CustomerFigures }) {
  const { t } = useTranslation();
  return (
    <th scope="row" className={cn(td, 'text-start font-normal')}>
      <span className="block font-medium">{row.name}</span>
      <span className="block text-xs text-muted">{row.email} · {row.kind === 'live' ? t('Live') : t('Demo')} #{row.account_id}</span>
    </th>
  );
}

function FiguresTable({ title, rows, testId }: { title: string; rows: CustomerFigures[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t('No trading in this period.')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line bg-panel">
          <table className="w-full text-sm" data-testid={testId}>
            <thead className="border-b border-line bg-panel-2/50">
              <tr>
                <th scope="col" className={th}>{t('Customer')}</th>
                <th scope="col" className={`${th} text-end`}>{t('Realised P&L')}</th>
                <th scope="col" className={`${th} text-end`}>{t('Lots opened')}</th>
                <th scope="col" className={`${th} text-end`}>{t('Notional opened')}</th>
                <th scope="col" className={th}>{t('Group')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((r) => (
                <tr key={r.account_id}>
                  <Who row={r} />
                  <td className={cn(td, 'text-end tabular-nums', r.realised_pnl > 0 ? 'text-up' : r.realised_pnl < 0 ? 'text-down' : '')}>{formatMoney(r.realised_pnl, r.currency)}</td>
                  <td className={cn(td, 'text-end tabular-nums')}>{lots(r.opened_lots)}</td>
                  <td className={cn(td, 'text-end tabular-nums')}>{formatMoney(r.opened_notional, r.currency)}</td>
                  <td className={td}><MoveToGroup row={r} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function FlagsTable({ flags, within }: { flags: ToxicFlag[]; within: number }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-panel">
      <table className="w-full text-sm" data-testid="toxic-flags">
        <thead className="border-b border-line bg-panel-2/50">
          <tr>
            <th scope="col" className={th}>{t('Customer')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Closed within {{seconds}} s', { seconds: within })}</th>
            <th scope="col" className={`${th} text-end`}>{t('Won')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Win rate')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Profit on them')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Median hold')}</th>
            <th scope="col" className={th}>{t('Group')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {flags.map((f) => (
            <tr key={f.account_id} data-testid="toxic-flag">
              <Who row={f} />
              <td className={cn(td, 'text-end tabular-nums')}>{f.quick_trades}</td>
              <td className={cn(td, 'text-end tabular-nums')}>{f.quick_wins}</td>
              <td className={cn(td, 'text-end tabular-nums')}>{formatNumber(f.win_rate / 100, { style: 'percent', maximumFractionDigits: 1 })}</td>
              <td className={cn(td, 'text-end tabular-nums text-down')}>{formatMoney(f.quick_profit, f.currency)}</td>
              <td className={cn(td, 'text-end tabular-nums')}>{t('{{seconds}} s', { seconds: formatNumber(f.median_seconds, { maximumFractionDigits: 1 }) })}</td>
              <td className={td}><MoveToGroup row={f} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Top customers by P&L and volume in the period, and the accounts whose quick profitable closes look like toxic flow. */
export function DeskCustomers({ period }: { period: DeskPeriod }) {
  const { t } = useTranslation();
  const top = useTopCustomers(period);
  const toxic = useToxicFlow(period);
  return (
    <section aria-labelledby="desk-customers" className="flex flex-col gap-4">
      <h2 id="desk-customers" className="text-base font-semibold">{t('Customers')}</h2>
      {top.isLoading && <Spinner />}
      {top.data && (
        <div className="flex min-w-0 flex-col gap-6">
          <FiguresTable title={t('Top by P&L')} rows={top.data.by_pnl} testId="top-pnl" />
          <FiguresTable title={t('Top by volume')} rows={top.data.by_volume} testId="top-volume" />
        </div>
      )}
      <h3 className="text-sm font-semibold">{t('Toxic-flow flags')}</h3>
      {toxic.data && (
        <p className="text-xs text-muted">
          {t('Flagged: at least {{trades}} positions closed at a profit within {{seconds}} seconds of opening, winning {{rate}} % or more of such quick trades.', {
            trades: toxic.data.min_trades,
            seconds: toxic.data.within_seconds,
            rate: toxic.data.min_win_rate,
          })}
        </p>
      )}
      {toxic.data && (toxic.data.flags.length === 0 ? <p className="text-sm text-muted">{t('No account flagged in this period.')}</p> : <FlagsTable flags={toxic.data.flags} within={toxic.data.within_seconds} />)}
    </section>
  );
}

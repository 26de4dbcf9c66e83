import { useState } from 'react';
import { FileUp, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { CorporateAction } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { ReadOnlyNote } from '@/components/read-only-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCanDecide } from '@/hooks/use-can-decide';
import { currentLocale } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useCorporateActions, useRemoveCorporateAction } from '../api/dealing';
import { ConfirmDialog } from './confirm-dialog';
import { DividendDialog } from './dividend-dialog';
import { DividendImportDialog } from './dividend-import-dialog';

/** An ex-date is a calendar day: shown as that day wherever the reader is. */
const exDay = (day: string) => new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const perShare = (amount: string) => formatNumber(Number(amount), { maximumFractionDigits: 6 });

function Status({ action }: { action: CorporateAction }) {
  const { t } = useTranslation();
  return action.applied_at ? (
    <span className="text-xs">
      <span className="me-1 text-muted">{t('Applied')}</span>
      <DateTime iso={action.applied_at} withYear />
    </span>
  ) : (
    <span className="rounded bg-brand/15 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wider text-brand">{t('Pending')}</span>
  );
}

function RemoveButton({ action, onRemove }: { action: CorporateAction; onRemove: () => void }) {
  const { t } = useTranslation();
  if (action.applied_at) return null;
  return (
    <Button size="sm" variant="ghost" onClick={onRemove} aria-label={t('Remove the dividend of {{symbol}} on {{date}}', { symbol: action.symbol, date: action.ex_date })}>
      <Trash2 className="size-3.5" aria-hidden />
    </Button>
  );
}

type ListProps = { actions: CorporateAction[]; canEdit: boolean; onRemove: (a: CorporateAction) => void };

function DividendTable({ actions, canEdit, onRemove }: ListProps) {
  const { t } = useTranslation();
  const th = 'px-3 py-3 text-xs font-semibold uppercase tracking-wider text-muted';
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-line bg-panel md:block">
      <table className="w-full text-sm" data-testid="dividends-table">
        <thead className="border-b border-line bg-panel-2/50">
          <tr>
            <th scope="col" className={`${th} text-start`}>{t('Instrument')}</th>
            <th scope="col" className={`${th} text-start`}>{t('Ex-date')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Amount per share')}</th>
            <th scope="col" className={`${th} text-start`}>{t('Status')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Positions adjusted')}</th>
            {canEdit && <th scope="col" className={th}><span className="sr-only">{t('Actions')}</span></th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {actions.map((a) => (
            <tr key={a.id} data-testid="dividend-row" data-symbol={a.symbol} data-ex-date={a.ex_date}>
              <th scope="row" className="px-3 py-2.5 text-start font-medium">{a.symbol}</th>
              <td className="whitespace-nowrap px-3 py-2.5">{exDay(a.ex_date)}</td>
              <td className="px-3 py-2.5 text-end tabular-nums" dir="ltr">{perShare(a.amount)}</td>
              <td className="px-3 py-2.5"><Status action={a} /></td>
              <td className="px-3 py-2.5 text-end tabular-nums">{a.applied_at ? a.adjusted : '—'}</td>
              {canEdit && (
                <td className="px-3 py-2.5 text-end">
                  <RemoveButton action={a} onRemove={() => onRemove(a)} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Under 768 px: a card per action. */
function DividendCards({ actions, canEdit, onRemove }: ListProps) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {actions.map((a) => (
        <li key={a.id} className="rounded-xl border border-line bg-panel p-3" data-testid="dividend-card" data-symbol={a.symbol} data-ex-date={a.ex_date}>
          <div className="flex items-start gap-2">
            <h3 className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
              <span className="font-medium">{a.symbol}</span>
              <Status action={a} />
            </h3>
            {canEdit && <RemoveButton action={a} onRemove={() => onRemove(a)} />}
          </div>
          <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-2 text-sm tabular-nums">
            <div>
              <dt className="text-xs text-muted">{t('Ex-date')}</dt>
              <dd>{exDay(a.ex_date)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('Per share')}</dt>
              <dd dir="ltr" className="text-start">{perShare(a.amount)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('Adjusted')}</dt>
              <dd>{a.applied_at ? a.adjusted : '—'}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * Back office: dividends of share and index CFDs, pending and applied (with the positions each
 * adjusted). Admins enter one, import a CSV, and remove one not yet applied; support staff read.
 */
export function DividendsSection() {
  const { t } = useTranslation();
  const canEdit = useCanDecide();
  const actions = useCorporateActions();
  const remove = useRemoveCorporateAction();
  const [open, setOpen] = useState<'add' | 'import' | null>(null);
  const [removing, setRemoving] = useState<CorporateAction | null>(null);
  const confirmRemove = async (action: CorporateAction) => {
    try {
      await remove.mutateAsync(action.id);
      toast.success(t('Dividend of {{symbol}} on {{date}} removed.', { symbol: action.symbol, date: action.ex_date }));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not remove the dividend.')));
    } finally {
      setRemoving(null);
    }
  };
  return (
    <section aria-labelledby="dividends-title" className="flex flex-col gap-4" data-testid="dividends-section">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="dividends-title" className="font-medium">
            {t('Dividends')}
          </h2>
          <p className="text-sm text-muted">{t('Cash per share of share and index CFDs: on the ex-date, positions held at the rollover before it are credited (longs) or debited (shorts).')}</p>
        </div>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setOpen('import')}>
              <FileUp className="size-4" aria-hidden /> {t('Import CSV')}
            </Button>
            <Button size="sm" onClick={() => setOpen('add')}>
              <Plus className="size-4" aria-hidden /> {t('New dividend')}
            </Button>
          </div>
        )}
      </div>
      {!canEdit && <ReadOnlyNote>{t('Read only: an admin enters, imports and removes dividends.')}</ReadOnlyNote>}
      {actions.isPending ? (
        <div className="flex justify-center rounded-xl border border-line bg-panel py-12">
          <Spinner className="size-6" label={t('Loading the dividends')} />
        </div>
      ) : actions.isError ? (
        <Alert variant="destructive" title={t('Could not load the dividends')}>
          <span className="flex flex-wrap items-center gap-3">
            {errorMessage(actions.error, t('The server did not answer.'))}
            <Button size="sm" variant="secondary" onClick={() => void actions.refetch()}>
              {t('Retry')}
            </Button>
          </span>
        </Alert>
      ) : actions.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line bg-panel/50 px-6 py-12 text-center" data-testid="no-dividends">
          <p className="font-medium">{t('No dividends yet')}</p>
          {canEdit && <p className="mt-1 text-sm text-muted">{t('Enter one, or import a CSV file of them.')}</p>}
        </div>
      ) : (
        <div>
          <DividendTable actions={actions.data} canEdit={canEdit} onRemove={setRemoving} />
          <DividendCards actions={actions.data} canEdit={canEdit} onRemove={setRemoving} />
        </div>
      )}
      {open === 'add' && <DividendDialog onClose={() => setOpen(null)} />}
      {open === 'import' && <DividendImportDialog onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => !next && setRemoving(null)}
        title={t('Remove the dividend of {{symbol}} on {{date}}?', { symbol: removing?.symbol ?? '', date: removing?.ex_date ?? '' })}
        confirmLabel={t('Remove')}
        pending={remove.isPending}
        onConfirm={() => removing && void confirmRemove(removing)}
      >
        {t('It has not been applied yet: no position is adjusted for it.')}
      </ConfirmDialog>
    </section>
  );
}

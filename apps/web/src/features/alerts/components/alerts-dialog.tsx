import { useState } from 'react';
import { BellPlus, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type Alert, formatPrice } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { type AlertAction, useAlertAction, useAlerts } from '../api/alerts';
import { describeCondition, SLOT, statusNames } from '../lib/alert-words';
import { type AlertTarget, useAlertEditor } from '../stores/alert-editor-store';

const statusClass: Record<Alert['status'], string> = {
  active: 'bg-up/15 text-up',
  paused: 'bg-line text-muted',
  triggered: 'bg-brand/15 text-fg',
  cancelled: 'bg-down/15 text-down',
};

function IconButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className="flex size-9 items-center justify-center rounded-md text-muted hover:bg-panel-2 hover:text-fg disabled:opacity-50"
    >
      {children}
    </button>
  );
}

function AlertItem({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const edit = useAlertEditor((s) => s.edit);
  const act = useAlertAction();
  const [confirming, setConfirming] = useState(false);
  const run = (action: AlertAction) =>
    act.mutate(
      { id: alert.id, action },
      {
        onSuccess: () => toast.success(action === 'delete' ? t('Alert deleted') : action === 'pause' ? t('Alert paused') : t('Alert resumed')),
        onError: (error) => toast.error(errorMessage(error, t('The alert could not be changed. Please try again.'))),
      },
    );
  const condition = describeCondition(alert, (message, values) => t(message, values ?? {}));
  const time = `${SLOT}time${SLOT}`;
  const firedText =
    alert.last_price === null
      ? t('Last fired {{time}}', { time })
      : t('Last fired {{time}} at {{price}}', { time, price: formatPrice(alert.last_price, alert.digits) });
  const fired = alert.last_triggered_at
    ? firedText.split(SLOT).map((piece, i) => (i % 2 ? <DateTime key={piece} iso={alert.last_triggered_at} withYear /> : piece))
    : null;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line/60 py-2.5 last:border-0" data-testid="alert-item" data-status={alert.status}>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold">{alert.symbol}</span>
          <span className={cn('rounded px-1.5 py-0.5 text-[11px] font-medium', statusClass[alert.status])}>{t(statusNames[alert.status])}</span>
          {alert.repeat && <span className="text-[11px] text-muted">{t('Repeats')}</span>}
        </p>
        <p className="text-sm">{condition}</p>
        {alert.note && <p className="truncate text-xs text-muted">{alert.note}</p>}
        {(fired || alert.cancel_reason) && <p className="text-xs text-muted">{alert.status === 'cancelled' ? alert.cancel_reason : fired}</p>}
      </div>
      {confirming ? (
        <fieldset className="m-0 flex items-center gap-2 border-0 p-0">
          <legend className="sr-only">{t('Delete the alert on {{symbol}}?', { symbol: alert.symbol })}</legend>
          <span className="text-xs text-muted" aria-hidden>
            {t('Delete?')}
          </span>
          <Button size="sm" variant="danger" loading={act.isPending} onClick={() => run('delete')}>
            {t('Yes')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
            {t('No')}
          </Button>
        </fieldset>
      ) : (
        <div className="flex items-center">
          {alert.status !== 'cancelled' && (
            <IconButton label={t('Edit the alert on {{symbol}}', { symbol: alert.symbol })} onClick={() => edit(alert)}>
              <Pencil className="size-4" aria-hidden />
            </IconButton>
          )}
          {alert.status === 'active' ? (
            <IconButton label={t('Pause the alert on {{symbol}}', { symbol: alert.symbol })} onClick={() => run('pause')} disabled={act.isPending}>
              <Pause className="size-4" aria-hidden />
            </IconButton>
          ) : (
            <IconButton label={alert.status === 'paused' ? t('Resume the alert on {{symbol}}', { symbol: alert.symbol }) : t('Re-arm the alert on {{symbol}}', { symbol: alert.symbol })} onClick={() => run('resume')} disabled={act.isPending}>
              <Play className="size-4" aria-hidden />
            </IconButton>
          )}
          <IconButton label={t('Delete the alert on {{symbol}}', { symbol: alert.symbol })} onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        </div>
      )}
    </li>
  );
}

function AlertList({ onNew }: { onNew: (() => void) | null }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  if (alerts.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-8 text-sm text-muted">
        <Spinner className="size-4" /> {t('Loading alerts...')}
      </p>
    );
  }
  if (alerts.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-sm text-muted">
        <p>{t('Failed to load alerts')}</p>
        <Button size="sm" variant="secondary" onClick={() => void alerts.refetch()}>
          {t('Retry')}
        </Button>
      </div>
    );
  }
  const { data, meta } = alerts.data;
  return (
    <>
      <p className="mb-2 text-xs text-muted" data-testid="alerts-count">
        {t('{{active}} of {{limit}} active', { active: meta.active, limit: meta.limit })}
      </p>
      {data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-muted">
          <p>{t('No price alerts yet. Set one from the chart (right-click at a price), a market watch row or here.')}</p>
          {onNew && (
            <Button size="sm" onClick={onNew}>
              <BellPlus className="size-4" aria-hidden /> {t('New alert')}
            </Button>
          )}
        </div>
      ) : (
        <ul aria-label={t('Price alerts')} className="max-h-[60vh] overflow-y-auto">
          {data.map((a) => (
            <AlertItem key={a.id} alert={a} />
          ))}
        </ul>
      )}
    </>
  );
}

/** Every price alert of the customer: edit, pause or resume, delete; a new one on `target` (the chart's instrument). */
export function AlertsDialog({ target }: { target: AlertTarget | null }) {
  const { t } = useTranslation();
  const open = useAlertEditor((s) => s.listOpen);
  const setOpen = useAlertEditor((s) => s.setListOpen);
  const create = useAlertEditor((s) => s.create);
  const onNew = target ? () => create(target) : null;
  return (
    <Dialog open={open} onOpenChange={setOpen} title={t('Price alerts')}
      description={t('Alerts keep watching while you are away; each one tells you in the app and, if you choose, by email.')} className="max-w-xl">
      {onNew && (
        <div className="-mt-2 mb-3 flex justify-end">
          <Button size="sm" variant="secondary" onClick={onNew}>
            <BellPlus className="size-4" aria-hidden /> {t('New alert on {{symbol}}', { symbol: target?.symbol })}
          </Button>
        </div>
      )}
      {open && <AlertList onNew={onNew} />}
    </Dialog>
  );
}

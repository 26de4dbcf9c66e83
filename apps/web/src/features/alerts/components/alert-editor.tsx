import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type Alert, alertCooldowns, alertWindows, formatPrice, pointOf } from '@bourse/contract';
import { DIGITS_ERROR, overDigits } from '@/lib/trade-targets';
import { Alert as Banner } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { RadioChoice } from '@/components/ui/radio-choice';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useTick } from '@/stores/tick-store';
import { useAlerts, useSaveAlert } from '../api/alerts';
import { type AlertFormState, initialForm, levelDirection, readForm } from '../lib/alert-form';
import { cooldownNames, windowNames } from '../lib/alert-words';
import { askNotificationPermission } from '../lib/browser-notifications';
import { type AlertTarget, useAlertEditor } from '../stores/alert-editor-store';

const segment = (active: boolean) => cn('flex-1 rounded px-2 py-1.5 text-sm font-medium', active ? 'bg-brand-solid text-white' : 'text-muted hover:text-fg');

function Segmented<T extends string>({ label, name, value, options, onChange }: { label: string; name: string; value: T; options: [T, string][]; onChange: (v: T) => void }) {
  return (
    <div role="radiogroup" aria-label={label} className="flex gap-1 rounded-md border border-line bg-panel-2 p-1">
      {options.map(([v, text]) => (
        <RadioChoice key={v} name={name} checked={value === v} className={segment(value === v)} onChange={() => onChange(v)}>
          {text}
        </RadioChoice>
      ))}
    </div>
  );
}

function Check({ checked, onChange, children }: { checked: boolean; onChange: (on: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 accent-[var(--color-brand)]" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

type FormProps = { target: AlertTarget; level?: number; alert?: Alert; onDone: () => void };

function AlertForm({ target, level, alert, onDone }: FormProps) {
  const { t } = useTranslation();
  const price = useTick(target.asset_id)?.price ?? null;
  // The side of the price is judged against the price when the editor opened, so it does not flicker.
  const [openPrice, setOpenPrice] = useState(price);
  const [form, setForm] = useState<AlertFormState>(() => initialForm(target.digits, price, level, alert));
  // Opened before the instrument's first price arrived: the first one fills what it would have.
  useEffect(() => {
    if (openPrice !== null || price === null) return;
    setOpenPrice(price);
    setForm((f) => (f.level === '' ? { ...f, level: formatPrice(price, target.digits) } : f));
  }, [openPrice, price, target.digits]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveAlert();
  const alerts = useAlerts();
  const set = (patch: Partial<AlertFormState>) => setForm((f) => ({ ...f, ...patch }));
  const direction = levelDirection(form, openPrice);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const read = readForm(form, openPrice);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    // The server refuses a level with more decimals than the instrument's; say so before sending.
    if (form.kind === 'level' && overDigits(form.level, target.digits)) {
      setErrors({ level: t(DIGITS_ERROR, { digits: target.digits }) });
      return;
    }
    setErrors({});
    // The first alert is when browser notifications start to matter: ask now, within the click.
    if (!alert && (alerts.data?.data.length ?? 0) === 0) askNotificationPermission();
    try {
      await save.mutateAsync({ id: alert?.id ?? null, body: alert ? read.body : { asset_id: target.asset_id, ...read.body } });
      toast.success(alert ? t('Alert saved') : t('Alert set on {{symbol}}', { symbol: target.symbol }));
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.errors : undefined;
      if (fields && Object.keys(fields).some((f) => f !== 'asset_id')) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
      else setFailure(errorMessage(error, t('The alert could not be saved. Please try again.')));
    }
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit} aria-label={alert ? t('Edit price alert') : t('New price alert')}>
      <p className="text-sm text-muted" data-testid="alert-price">
        {t('Price now:')} <span className="font-mono tabular-nums text-fg">{price === null ? '…' : formatPrice(price, target.digits)}</span>
      </p>
      <Segmented
        label={t('Alert when')}
        name="alert-kind"
        value={form.kind}
        options={[
          ['level', t('Price level')],
          ['move', t('% move')],
        ]}
        onChange={(kind) => set({ kind })}
      />
      {form.kind === 'level' ? (
        <>
          <Segmented
            label={t('Direction')}
            name="alert-level-direction"
            value={direction}
            options={[
              ['above', t('Crosses above')],
              ['below', t('Crosses below')],
            ]}
            onChange={(d) => set({ levelDirection: d })}
          />
          <TextField label={t('Price')} type="number" inputMode="decimal" step={pointOf(target.digits)} min={0} value={form.level} onChange={(e) => set({ level: e.target.value })} error={errors.level} />
        </>
      ) : (
        <>
          <Segmented
            label={t('Direction')}
            name="alert-move-direction"
            value={form.moveDirection}
            options={[
              ['up', t('Up')],
              ['down', t('Down')],
              ['either', t('Either way')],
            ]}
            onChange={(moveDirection) => set({ moveDirection })}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField label={t('Move (%)')} type="number" inputMode="decimal" step="0.1" min={0.1} max={50} value={form.percent} onChange={(e) => set({ percent: e.target.value })} error={errors.percent} />
            <SelectField label={t('Within')} value={form.window} onChange={(e) => set({ window: e.target.value as AlertFormState['window'] })}>
              {alertWindows.map((w) => (
                <option key={w} value={w}>
                  {t(windowNames[w])}
                </option>
              ))}
            </SelectField>
          </div>
        </>
      )}
      <div className="flex flex-col gap-2">
        <Check checked={form.repeat} onChange={(repeat) => set({ repeat })}>
          {t('Repeat: alert me each time, at most once per cool-down')}
        </Check>
        {form.repeat && (
          <SelectField label={t('Cool-down')} value={form.cooldown} onChange={(e) => set({ cooldown: Number(e.target.value) })} error={errors.cooldown_seconds}>
            {alertCooldowns.map((s) => (
              <option key={s} value={s}>
                {t(cooldownNames[s])}
              </option>
            ))}
          </SelectField>
        )}
        <Check checked={form.emailOffline} onChange={(emailOffline) => set({ emailOffline })}>
          {t("Email me when I'm offline")}
        </Check>
      </div>
      <TextField
        label={t('Note (optional)')}
        maxLength={140}
        value={form.note}
        onChange={(e) => set({ note: e.target.value })}
        error={errors.note}
        placeholder={t('What to do when it fires')}
      />
      {failure && <Banner variant="destructive">{failure}</Banner>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {alert ? t('Save alert') : t('Create alert')}
        </Button>
      </div>
    </form>
  );
}

/** The price alert editor: a new alert on an instrument (from the chart, market watch or asset info) or an edit. */
export function AlertEditor() {
  const { t } = useTranslation();
  const editor = useAlertEditor((s) => s.editor);
  const close = useAlertEditor((s) => s.closeEditor);
  return (
    <Dialog
      open={editor !== null}
      onOpenChange={(open) => !open && close()}
      title={editor?.alert ? t('Edit price alert') : t('New price alert')}
      description={editor ? t('{{symbol}}: we tell you in the app, with a sound and a browser notification.', { symbol: editor.target.symbol }) : undefined}
    >
      {editor && <AlertForm key={editor.alert?.id ?? `${editor.target.asset_id}:${editor.level}`} {...editor} onDone={close} />}
    </Dialog>
  );
}

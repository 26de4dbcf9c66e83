import { useCallback, useMemo } from 'react';
import { useForm, type FieldError, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DropdownMenu } from 'radix-ui';
import { EllipsisVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { accountUsable, strategyLabels, type ExpertAdvisor, type Robot, type StrategyKey } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { currentLocale } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAssetStore } from '@/stores/asset-store';
import { useDisplayMoney } from '@/stores/currency-store';
import { useSelectedAccount, useSession } from '@/stores/session-store';
import { useDeactivateRobot, useSaveRobot } from '../api/robots';
import { SEARCH_SAMPLE, useBacktestInstruments } from '../hooks/use-backtest-instruments';
import { defaultParams, paramFields } from '../backtest-params';
import { optionalNumber, type RobotFormInput, type RobotFormValues, robotFormSchema } from '../lib/robot-form';
import { ParamInput } from '../param-input';

type Props = { advisor: ExpertAdvisor; robot: Robot | undefined; onClose: () => void };

function RobotStatus({ robot }: { robot: Robot | undefined }) {
  const { t } = useTranslation();
  const currency = useSession((s) => s.user?.accounts.find((a) => a.id === robot?.account_id)?.currency ?? 'USD');
  const money = useDisplayMoney(currency);
  if (!robot) return <p className="text-sm text-muted">{t('Not set up yet: choose an instrument and parameters, then start it.')}</p>;
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3" data-testid="robot-status">
      <div className="rounded-lg border border-line p-2">
        <dt className="text-xs text-muted">{t('Open positions')}</dt>
        <dd className="font-semibold tabular-nums" data-testid="robot-open-positions">
          {robot.open_positions} / {robot.max_positions}
        </dd>
      </div>
      <div className="rounded-lg border border-line p-2">
        <dt className="text-xs text-muted">{t("Today's P&L")}</dt>
        <dd className={cn('font-mono font-semibold tabular-nums', robot.today_pnl > 0 ? 'text-up' : robot.today_pnl < 0 ? 'text-down' : '')}>{money(robot.today_pnl)}</dd>
        {robot.daily_loss_limit !== null && <dd className="text-xs text-muted">{t('Stops at −{{amount}}', { amount: money(robot.daily_loss_limit) })}</dd>}
      </div>
      <div className="col-span-2 rounded-lg border border-line p-2 sm:col-span-1">
        <dt className="text-xs text-muted">{t('Last action')}</dt>
        {/* A stop reason is one of the server's messages and reads in the reader's language; a strategy's own note stays as written, in its own direction. */}
        <dd dir={robot.last_action ? 'auto' : undefined} className="line-clamp-3 break-words" title={robot.last_action ?? undefined}>
          {robot.last_action ? t(robot.last_action) : t('None yet')}
        </dd>
        {robot.last_action_at && <dd className="text-xs text-muted">{new Date(robot.last_action_at).toLocaleString(currentLocale())}</dd>}
      </div>
    </dl>
  );
}

/** SPEC §2/§4 Expert Advisor panel: Running/Stopped toggle, Deactivate in the menu, and the robot's settings and live status. */
export function EaPanel({ advisor, robot, onClose }: Props) {
  const { t } = useTranslation();
  const strategy = advisor.strategy as StrategyKey;
  const save = useSaveRobot();
  const deactivate = useDeactivateRobot();
  const firstAsset = useAssetStore((s) => s.activeAsset?.asset_id ?? s.assets[0]?.asset_id);
  const accounts = useSession((s) => s.user?.accounts) ?? [];
  const selectedAccount = useSelectedAccount();
  const schema = useMemo(() => robotFormSchema(strategy, (message, values) => t(message, values ?? {})), [strategy, t]);
  const fields = useMemo(() => paramFields(strategy), [strategy]);
  const { register, handleSubmit, formState, getValues, setValue } = useForm<RobotFormInput, unknown, RobotFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      account_id: robot?.account_id ?? selectedAccount?.id,
      asset_id: robot?.asset_id ?? firstAsset,
      max_positions: robot?.max_positions ?? 3,
      max_lots: robot?.max_lots ?? 1,
      daily_loss_limit: robot?.daily_loss_limit ?? null,
      params: robot?.params ?? defaultParams(strategy, advisor.default_params),
    },
  });
  const { search, setSearch, listed, loading } = useBacktestInstruments(
    useCallback(() => getValues('asset_id'), [getValues]),
    useCallback((id: number) => setValue('asset_id', id), [setValue]),
    robot?.asset_id,
  );
  const running = robot?.status === 'running';
  const paramErrors = (formState.errors.params ?? {}) as Record<string, FieldError | undefined>;

  const submit = (status: Robot['status']) =>
    handleSubmit(async (values) => {
      try {
        await save.mutateAsync({ eaId: advisor.id, settings: { ...values, status } });
        if (status === 'running' && !running) toast.info(t('{{name}} has been activated.', { name: advisor.name }));
        else if (status === 'stopped' && running) toast.info(t('{{name}} has been stopped.', { name: advisor.name }));
        else toast.success(t('Settings saved'));
      } catch (error) {
        toast.error(errorMessage(error, t('Could not save the Expert Advisor')));
      }
    })();

  const remove = async () => {
    try {
      await deactivate.mutateAsync(advisor.id);
      toast.info(t('{{name}} has been deactivated.', { name: advisor.name }));
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, t('This Expert Advisor is not active.')));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={advisor.name} description={t(strategyLabels[strategy])} className="max-w-2xl">
      <div className="mb-4 flex items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={running}
          aria-label={t('Running')}
          disabled={save.isPending}
          onClick={() => void submit(running ? 'stopped' : 'running')}
          className={cn('flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium', running ? 'border-up/50 bg-up/15 text-up' : 'border-line text-muted')}
        >
          <span className={cn('size-2 rounded-full', running ? 'bg-up-solid' : 'bg-muted')} aria-hidden />
          {running ? t('Running') : t('Stopped')}
        </button>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="ms-auto rounded-md p-2 text-muted hover:bg-panel-2" aria-label={t('Expert Advisor menu')}>
            <EllipsisVertical className="size-4" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" className="z-[60] rounded-lg border border-line bg-panel p-1 shadow-xl">
              <DropdownMenu.Item disabled={!robot} onSelect={() => void remove()} className="cursor-pointer rounded px-3 py-2 text-sm text-down outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-panel-2">
                {t('Deactivate')}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <RobotStatus robot={robot} />
      <form
        className="mt-4 flex flex-col gap-4"
        noValidate
        aria-label={t('Expert Advisor settings')}
        onSubmit={(e) => {
          e.preventDefault();
          void submit(robot?.status ?? 'stopped');
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('Find instrument')} placeholder={SEARCH_SAMPLE} value={search} onChange={(e) => setSearch(e.target.value)} />
          <SelectField label={t('Instrument')} error={formState.errors.asset_id?.message} {...register('asset_id', { valueAsNumber: true })}>
            {listed.length === 0 && <option value="">{loading ? t('Loading instruments...') : t('No instrument matches')}</option>}
            {listed.map((a) => (
              <option key={a.asset_id} value={a.asset_id}>
                {a.symbol_display}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('Account')} error={formState.errors.account_id?.message} {...register('account_id', { valueAsNumber: true })}>
            {accounts.filter(accountUsable).map((a) => (
              <option key={a.id} value={a.id}>
                {a.kind === 'demo' ? t('Demo') : t('Live')} {a.number} · {a.currency}
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-3">
          <legend className="px-1 text-sm font-medium text-muted">{t('Limits')}</legend>
          <TextField label={t('Most open positions')} type="number" min={1} max={50} error={formState.errors.max_positions?.message} {...register('max_positions', { valueAsNumber: true })} />
          <TextField label={t('Most lots per order')} type="number" min={0.01} max={50} step={0.01} error={formState.errors.max_lots?.message} {...register('max_lots', { valueAsNumber: true })} />
          <TextField
            label={t('Daily loss limit')}
            type="number"
            min={0}
            step="any"
            placeholder={t('No limit')}
            error={formState.errors.daily_loss_limit?.message}
            {...register('daily_loss_limit', { setValueAs: optionalNumber })}
          />
        </fieldset>
        <fieldset className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-muted">{t('Parameters')}</legend>
          {fields.map((f) => (
            <ParamInput key={f.name} field={f} registration={register(`params.${f.name}` as Path<RobotFormInput>, { valueAsNumber: f.kind === 'number' })} error={paramErrors[f.name]?.message} />
          ))}
        </fieldset>
        <Button type="submit" variant="secondary" loading={save.isPending} className="self-end">
          {t('Save settings')}
        </Button>
      </form>
    </Dialog>
  );
}

import { type Path, useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { assetCategories, commissionModes, type CustomerGroup, GROUP_LIMITS, type GroupInput, groupCurrencies, groupExecutions } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { RadioChoice } from '@/components/ui/radio-choice';
import { SwitchField } from '@/components/settings-controls';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSaveGroup } from '../api/dealing';
import { categoryLabels, commissionModeLabels, executionHints, executionLabels } from '../lib/dealing-labels';
import { dealingWords } from '../lib/dealing-words';
import { type GroupFormValues, groupFormValues, groupResolver } from '../lib/group-form';

type Form = UseFormReturn<GroupFormValues, unknown, GroupInput>;

function Legend({ children }: { children: string }) {
  return <legend className="mb-1 text-sm font-medium">{children}</legend>;
}

function CommissionFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const mode = form.watch('commission_mode');
  const errors = form.formState.errors;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <Legend>{t('Commission')}</Legend>
      <div className="grid grid-cols-3 gap-1 rounded-md border border-line bg-panel-2 p-1">
        {commissionModes.map((option) => (
          <RadioChoice
            key={option}
            name="commission-mode"
            checked={mode === option}
            onChange={() => form.setValue('commission_mode', option, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
            className={cn('rounded py-1.5 text-sm font-medium', mode === option ? 'bg-brand/20 text-fg' : 'text-muted hover:text-fg')}
          >
            {t(commissionModeLabels[option])}
          </RadioChoice>
        ))}
      </div>
      <p className="text-xs text-muted">
        {mode === 'none'
          ? t('No commission: the group pays the spread only.')
          : mode === 'per_lot'
            ? t('Charged on opening and on closing, per lot traded.')
            : t('Charged on opening and on closing, per million of notional in the group’s currency.')}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {mode !== 'none' && (
          <>
            <TextField
              label={mode === 'per_lot' ? t('Per lot and side') : t('Per million and side')}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              error={dealingWords(errors.commission_rate?.message)}
              {...form.register('commission_rate')}
            />
            <TextField label={t('Minimum per side')} type="number" inputMode="decimal" min={0} step="any" error={dealingWords(errors.commission_min?.message)} {...form.register('commission_min')} />
          </>
        )}
        <SelectField label={t('Currency')} error={dealingWords(errors.currency?.message)} {...form.register('currency')}>
          <option value="">{t('None')}</option>
          {groupCurrencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      </div>
    </fieldset>
  );
}

function LeverageFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const errors = form.formState.errors.leverage;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <Legend>{t('Leverage ceilings')}</Legend>
      <p className="text-xs text-muted">{t('The most leverage the group trades each class with (1:N, up to {{max}}); empty: the plan’s leverage.', { max: GROUP_LIMITS.leverage })}</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {assetCategories.map((c) => (
          <TextField
            key={c}
            label={t(categoryLabels[c])}
            type="number"
            inputMode="numeric"
            min={1}
            max={GROUP_LIMITS.leverage}
            placeholder={t('Plan’s')}
            error={dealingWords(errors?.[c]?.message)}
            {...form.register(`leverage.${c}`)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Symbols and numbers, the same in every language. */
const MARKUP_EXAMPLE = 'EURUSD 3, XAUUSD 25';
/** Symbols are the same in every language. */
const ALLOWED_EXAMPLE = 'EURUSD, GBPUSD, XAUUSD';

function MarkupFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <Legend>{t('Markup')}</Legend>
      <p className="text-xs text-muted">{t('Points added on each side of the quote for the group’s accounts (a point is the instrument’s last digit); empty: none.')}</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {assetCategories.map((c) => (
          <TextField
            key={c}
            label={t(categoryLabels[c])}
            type="number"
            inputMode="decimal"
            min={0}
            max={GROUP_LIMITS.markupPoints}
            step={0.1}
            placeholder="0"
            error={dealingWords(errors.markup?.[c]?.message)}
            {...form.register(`markup.${c}`)}
          />
        ))}
      </div>
      <TextField
        label={t('Instruments')}
        autoComplete="off"
        placeholder={MARKUP_EXAMPLE}
        hint={t('Symbol and points, separated by commas; an instrument’s markup replaces its class’s.')}
        error={dealingWords(errors.markup_instruments?.message)}
        {...form.register('markup_instruments')}
      />
    </fieldset>
  );
}

function AllowedClasses({ form }: { form: Form }) {
  const { t } = useTranslation();
  const chosen = form.watch('allowed_classes');
  const toggle = (c: (typeof assetCategories)[number], on: boolean) =>
    form.setValue(
      'allowed_classes',
      assetCategories.filter((x) => (x === c ? on : chosen.includes(x))),
      { shouldDirty: true },
    );
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <Legend>{t('Allowed classes')}</Legend>
      <p className="text-xs text-muted">{t('None ticked: the group trades every class.')}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {assetCategories.map((c) => (
          <label key={c} className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-brand" checked={chosen.includes(c)} onChange={(e) => toggle(c, e.target.checked)} />
            {t(categoryLabels[c])}
          </label>
        ))}
      </div>
      <TextField
        label={t('Allowed instruments')}
        autoComplete="off"
        placeholder={ALLOWED_EXAMPLE}
        hint={t('Symbols separated by commas; empty: every instrument of the allowed classes.')}
        error={dealingWords(form.formState.errors.allowed_instruments?.message)}
        {...form.register('allowed_instruments')}
      />
    </fieldset>
  );
}

function SwapFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const swapFree = form.watch('swap_free');
  const errors = form.formState.errors;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <Legend>{t('Swaps')}</Legend>
      <SwitchField
        label={t('Swap-free')}
        description={t('No swap at the rollover; an administration fee per lot and night may be charged after the free nights.')}
        checked={swapFree}
        onChange={(v) => form.setValue('swap_free', v, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
      />
      {swapFree && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('Free nights')} type="number" inputMode="numeric" min={0} max={365} error={dealingWords(errors.swap_free_days?.message)} {...form.register('swap_free_days')} />
          <TextField
            label={t('Fee per lot and night')}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            hint={t('In the group’s currency.')}
            error={dealingWords(errors.swap_free_fee?.message)}
            {...form.register('swap_free_fee')}
          />
        </div>
      )}
    </fieldset>
  );
}

function RiskFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const execution = form.watch('execution');
  return (
    <>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <Legend>{t('Execution')}</Legend>
        <SelectField label={t('Orders are filled by')} {...form.register('execution')}>
          {groupExecutions.map((e) => (
            <option key={e} value={e}>
              {t(executionLabels[e])}
            </option>
          ))}
        </SelectField>
        <p className="text-xs text-muted">{t(executionHints[execution])}</p>
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-3">
        <Legend>{t('Margin levels')}</Legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('Margin call (%)')} type="number" inputMode="decimal" min={0} max={1000} step="any" error={dealingWords(errors.margin_call_level?.message)} {...form.register('margin_call_level')} />
          <TextField label={t('Stop-out (%)')} type="number" inputMode="decimal" min={0} max={1000} step="any" error={dealingWords(errors.stop_out_level?.message)} {...form.register('stop_out_level')} />
        </div>
      </fieldset>
    </>
  );
}

/** Fields of the form the server may name in a refusal. */
const formFields = new Set(['name', 'description', 'commission_mode', 'commission_rate', 'commission_min', 'currency', 'swap_free_days', 'swap_free_fee', 'execution', 'margin_call_level', 'stop_out_level', 'markup_instruments', 'allowed_instruments']);
const classField = new RegExp(`^(leverage|markup)\\.(${assetCategories.join('|')})$`);
const isFormField = (name: string) => formFields.has(name) || classField.test(name);
/** The form's field for one the server names: an instrument's markup is on the instruments' line, the allowed symbols on theirs. */
function onFormField(field: string): string {
  if (/^markup\./.test(field) && !isFormField(field)) return 'markup_instruments';
  if (/^allowed_symbols(\.|$)/.test(field)) return 'allowed_instruments';
  return field;
}

type Props = {
  /** The group edited; null creates one. */
  group: CustomerGroup | null;
  onClose: () => void;
};

/** Creates a customer group or changes its terms; orders from then on take them, open positions keep theirs. */
export function GroupDialog({ group, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveGroup();
  const form = useForm<GroupFormValues, unknown, GroupInput>({
    resolver: groupResolver,
    defaultValues: groupFormValues(group),
  });
  const title = group ? t('Group {{name}}', { name: group.name }) : t('New group');

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: group?.id ?? null, body });
      toast.success(group ? t('{{name}} saved: new orders take its terms.', { name: saved.name }) : t('{{name}} created.', { name: saved.name }));
      onClose();
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 422 ? Object.entries(error.body?.errors ?? {}) : [];
      // A markup the server refuses for an instrument (not in the catalogue) is on the instruments' field.
      const named = refused.map(([field, messages]): [string, string[]] => [onFormField(field), messages]).filter(([field]) => isFormField(field));
      for (const [field, [message]] of named) form.setError(field as Path<GroupFormValues>, { message }, { shouldFocus: true });
      if (named.length === 0) toast.error(errorMessage(error, t('Could not save the group.')));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={t('New orders take the group’s terms at once; open positions keep the terms they opened with.')} className="max-w-2xl!">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} className="flex flex-col gap-6">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('Name')} autoComplete="off" maxLength={60} error={dealingWords(form.formState.errors.name?.message)} {...form.register('name')} />
          <TextField label={t('Description')} autoComplete="off" maxLength={300} error={dealingWords(form.formState.errors.description?.message)} {...form.register('description')} />
        </div>
        <CommissionFields form={form} />
        <LeverageFields form={form} />
        <MarkupFields form={form} />
        <AllowedClasses form={form} />
        <SwapFields form={form} />
        <RiskFields form={form} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {group ? t('Save group') : t('Create group')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

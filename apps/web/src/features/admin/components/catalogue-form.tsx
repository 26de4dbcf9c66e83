import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { type AdminEaInput, type StrategyKey, strategyKeys, strategyLabels } from '@bourse/contract';
import { defaultParams } from '@/features/expert-advisors/backtest-params';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useSaveItem } from '../api/marketplace-admin';
import { useSiteData } from '@/stores/site-data-store';
import { type CatalogueFormValues, catalogueFormSchema, toFormValues, toInputValues } from './catalogue-form-values';
import { ImageDropZone } from './image-drop-zone';
import { ParamFields } from './param-fields';
import { SwitchField, TextAreaField } from '@/components/settings-controls';
import { TranslationFields } from './translation-fields';


/** The operator's plans as the site data lists them, so a renamed or added plan shows here too. */
function PlanBoxes({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const plans = useSiteData((s) => s.data?.plans) ?? [];
  return (
    <fieldset className="flex flex-wrap gap-4 text-sm">
      <legend className="mb-1.5 text-sm font-medium">{t('Plans allowed (none ticked: every plan)')}</legend>
      {plans.length === 0 && <span className="text-muted">{t('Loading plans...')}</span>}
      {plans.map((p) => (
        <label key={p.id} className="flex items-center gap-2">
          <input type="checkbox" checked={value.includes(p.id)} onChange={(e) => onChange(e.target.checked ? [...value, p.id] : value.filter((id) => id !== p.id))} />
          {p.title}
        </label>
      ))}
    </fieldset>
  );
}

/** Create or edit one catalogue item; `id` absent creates. */
export function CatalogueForm({ id, initial, onSaved }: { id?: number; initial: AdminEaInput; onSaved: () => void }) {
  const { t } = useTranslation();
  const save = useSaveItem();
  const { register, control, handleSubmit, watch, setValue, formState } = useForm<CatalogueFormValues>({ resolver: zodResolver(catalogueFormSchema), defaultValues: toFormValues(initial) });
  const e = formState.errors;
  const strategy = watch('strategy');
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id, input: toInputValues(values) });
      toast.success(t('Item saved'));
      onSaved();
    } catch (error) {
      toast.error(errorMessage(error, t('Could not save the item')));
    }
  });
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} className="flex max-w-2xl flex-col gap-4">
      <TextField label={t('Name')} error={e.name?.message} {...register('name')} />
      <TextField label={t('Author')} error={e.author?.message} {...register('author')} />
      <TextAreaField label={t('Description')} error={e.description?.message} {...register('description')} />
      <Controller control={control} name="image" render={({ field }) => <ImageDropZone value={field.value} onChange={field.onChange} error={e.image?.message} />} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('Type')} {...register('type')}>
          <option value="expert_advisor">{t('Expert Advisor')}</option>
          <option value="other">{t('Other')}</option>
        </SelectField>
        {watch('type') === 'expert_advisor' && (
          <SelectField
            label={t('Strategy')}
            error={e.strategy?.message}
            {...register('strategy', { onChange: (ev: { target: { value: StrategyKey } }) => setValue('default_params', defaultParams(ev.target.value)) })}
          >
            {strategyKeys.map((s) => (
              <option key={s} value={s}>
                {t(strategyLabels[s])}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label={t('Price (USD)')} inputMode="decimal" error={e.amount?.message} {...register('amount')} />
        <SelectField label={t('Billing')} {...register('billing')}>
          <option value="one_time">{t('One-time')}</option>
          <option value="monthly">{t('Monthly')}</option>
        </SelectField>
      </div>
      {strategy && watch('type') === 'expert_advisor' && <ParamFields strategy={strategy} register={register} errors={e.default_params} />}
      <TextAreaField label={t('Features (one per line)')} error={e.features_text?.message} {...register('features_text')} />
      <TranslationFields register={register} />
      <Controller control={control} name="plan_ids" render={({ field }) => <PlanBoxes value={field.value} onChange={field.onChange} />} />
      <Controller control={control} name="published" render={({ field }) => <SwitchField label={t('Published')} description={t('Shown in the marketplace.')} checked={field.value} onChange={field.onChange} />} />
      <Button type="submit" loading={save.isPending} className="self-start">
        {t('Save')}
      </Button>
    </form>
  );
}

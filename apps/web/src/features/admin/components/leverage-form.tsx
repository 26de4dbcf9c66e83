import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { assetCategories, leverageMap, type LeverageMap } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useCanDecide } from '@/hooks/use-can-decide';
import { msg } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { useLeverage, useUpdateLeverage } from '../api/site-settings';
import { SettingsSection } from '@/components/settings-controls';

const labels: Record<(typeof assetCategories)[number], string> = {
  cryptos: msg('Crypto'),
  stocks: msg('Stocks'),
  indices: msg('Indices'),
  commodities: msg('Commodities'),
  metals: msg('Metals'),
  forex: msg('Forex'),
};

/** Per-category leverage (SPEC §9: it comes first when trading picks a leverage). */
export function LeverageForm() {
  const { t } = useTranslation();
  const canEdit = useCanDecide();
  const query = useLeverage();
  const save = useUpdateLeverage();
  const { register, handleSubmit, reset, formState } = useForm<LeverageMap>({ resolver: zodResolver(leverageMap) });
  useEffect(() => {
    if (query.data) reset(query.data);
  }, [query.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(await save.mutateAsync(values));
      toast.success(t('Leverage saved'));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not save the leverage')));
    }
  });

  return (
    <SettingsSection title={t('Leverage')} description={t('Leverage per asset category, from 1 to 1000 (1:N).')}>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="text-sm text-red-300">{t('Could not load the leverage settings.')}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('Leverage')}>
          <fieldset disabled={!canEdit} className="grid min-w-0 grid-cols-2 gap-4 sm:grid-cols-3">
            {assetCategories.map((c) => (
              <TextField key={c} label={t(labels[c])} type="number" min={1} max={1000} inputMode="numeric" error={formState.errors[c]?.message} {...register(c, { valueAsNumber: true })} />
            ))}
          </fieldset>
          {canEdit && (
            <Button type="submit" variant="secondary" loading={save.isPending} disabled={!formState.isDirty} className="self-end">
              {t('Save leverage')}
            </Button>
          )}
        </form>
      )}
    </SettingsSection>
  );
}

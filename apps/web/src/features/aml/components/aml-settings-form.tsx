import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { AmlSettings } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage, serverWords } from '@/lib/api-client';
import { useAmlSettings, useUpdateAmlSettings } from '../api/aml';

type Form = Record<keyof AmlSettings, string>;
const toForm = (s: AmlSettings): Form => ({
  screening_threshold: String(s.screening_threshold),
  single_amount: s.single_amount === null ? '' : String(s.single_amount),
  daily_count: s.daily_count === null ? '' : String(s.daily_count),
  daily_sum: s.daily_sum === null ? '' : String(s.daily_sum),
  source_of_funds_threshold: s.source_of_funds_threshold === null ? '' : String(s.source_of_funds_threshold),
});
/** An empty rule field turns the rule off. */
const limitOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** The screening threshold and the size and velocity rules. */
export function AmlSettingsForm() {
  const { t } = useTranslation();
  const settings = useAmlSettings();
  const save = useUpdateAmlSettings();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data) setForm(toForm(settings.data));
  }, [settings.data]);
  if (settings.isError) return <LoadError text={t('Failed to load the AML settings')} onRetry={() => void settings.refetch()} />;
  if (!form) return <Spinner />;
  const field = (key: keyof AmlSettings) => ({
    value: form[key],
    error: errors[key],
    inputMode: 'decimal' as const,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.target.value }),
  });
  const submit = async () => {
    setErrors({});
    try {
      const answer = await save.mutateAsync({
        screening_threshold: Number(form.screening_threshold),
        single_amount: limitOf(form.single_amount),
        daily_count: limitOf(form.daily_count),
        daily_sum: limitOf(form.daily_sum),
        source_of_funds_threshold: limitOf(form.source_of_funds_threshold),
      });
      toast.success(serverWords(answer.message));
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields());
      toast.error(errorMessage(error, t('Could not save the settings')));
    }
  };
  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField label={t('Screening threshold')} hint={t('0.5 to 1: a name scoring this or more against a listed name is a hit.')} {...field('screening_threshold')} />
      <TextField label={t('Single amount over')} hint={t('Flags one deposit or withdrawal over this amount. Empty: off.')} {...field('single_amount')} />
      <TextField label={t('Requests in 24 hours over')} hint={t('Flags a customer’s deposits or withdrawals past this number in 24 hours. Empty: off.')} {...field('daily_count')} />
      <TextField label={t('Sum in 24 hours over')} hint={t('Flags them once their sum in 24 hours is over this amount. Empty: off.')} {...field('daily_sum')} />
      <TextField
        label={t('Source of funds above')}
        hint={t('Once a customer’s live deposits add up to more than this, the deposit that passes it is held until their source-of-funds declaration is approved. Empty: off.')}
        {...field('source_of_funds_threshold')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          {t('Save')}
        </Button>
      </div>
    </form>
  );
}

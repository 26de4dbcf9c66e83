import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { countryOptions, dialCodes, profileUpdate, type Profile, type ProfileUpdate } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { ApiError, errorMessage, serverWords } from '@/lib/api-client';
import { useUpdateProfile } from '../api/personal';
import { Section } from './section';

type FormInput = z.input<typeof profileUpdate>;

/** One entry per dialling code, named by the countries that use it (+1: Canada, United States). */
const dialOptions = Object.entries(
  countryOptions.reduce<Record<string, string[]>>((acc, c) => {
    const dial = dialCodes[c.code];
    if (dial) (acc[dial] ??= []).push(c.label);
    return acc;
  }, {}),
).sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)));

function defaults(p: Profile): FormInput {
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    country_code: p.country_code,
    phone: p.phone,
    address_line1: p.address_line1,
    address_line2: p.address_line2,
    city: p.city,
    postal_code: p.postal_code,
    country: p.country,
    date_of_birth: p.date_of_birth ?? '',
  };
}

/** Names, phone with its country code, address and date of birth. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const save = useUpdateProfile();
  const { register, handleSubmit, formState, reset, setError } = useForm<FormInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdate),
    defaultValues: defaults(profile),
  });
  const e = formState.errors;
  const known = dialOptions.some(([dial]) => dial === profile.country_code);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(values);
      reset(defaults(res.data));
      toast.success(serverWords(res.message));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields() : {};
      for (const [name, message] of Object.entries(fields)) setError(name as keyof FormInput, { message });
      toast.error(errorMessage(error, t('Could not save your details')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('Profile')}>
      <Section title={t('Profile')} description={t('Your name, contact details and address as they appear on statements.')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('First name')} autoComplete="given-name" error={e.first_name?.message} {...register('first_name')} />
          <TextField label={t('Last name')} autoComplete="family-name" error={e.last_name?.message} {...register('last_name')} />
        </div>
        <div className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <SelectField label={t('Country code')} error={e.country_code?.message} {...register('country_code')}>
            {!known && <option value={profile.country_code}>{profile.country_code}</option>}
            {dialOptions.map(([dial, names]) => (
              <option key={dial} value={dial}>
                {dial} {names.join(', ')}
              </option>
            ))}
          </SelectField>
          <TextField label={t('Phone')} type="tel" autoComplete="tel-national" inputMode="tel" error={e.phone?.message} {...register('phone')} />
        </div>
        <TextField label={t('Address line 1')} autoComplete="address-line1" error={e.address_line1?.message} {...register('address_line1')} />
        <TextField label={t('Address line 2')} autoComplete="address-line2" hint={t('Optional')} error={e.address_line2?.message} {...register('address_line2')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t('City')} autoComplete="address-level2" error={e.city?.message} {...register('city')} />
          <TextField label={t('Postal code')} autoComplete="postal-code" error={e.postal_code?.message} {...register('postal_code')} />
          <SelectField label={t('Country')} autoComplete="country-name" error={e.country?.message} {...register('country')}>
            {countryOptions.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField label={t('Date of birth')} type="date" autoComplete="bday" className="sm:max-w-60" error={e.date_of_birth?.message} {...register('date_of_birth')} />
        <div className="flex items-center justify-end gap-2 border-t border-line pt-4">
          {formState.isDirty && <span className="me-auto hidden text-sm text-muted sm:inline">{t('Unsaved changes')}</span>}
          <Button variant="ghost" disabled={!formState.isDirty || save.isPending} onClick={() => reset(defaults(profile))}>
            {t('Discard')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!formState.isDirty}>
            {t('Save details')}
          </Button>
        </div>
      </Section>
    </form>
  );
}

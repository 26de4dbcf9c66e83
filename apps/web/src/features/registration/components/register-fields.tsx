import type { UseFormReturn } from 'react-hook-form';
import type { RegisterForm } from '@bourse/contract';
import { TextField } from '@/components/ui/field';
import { CountrySelect } from './country-select';
import { useTranslation } from 'react-i18next';

type Props = { form: UseFormReturn<RegisterForm>; hidden?: ReadonlySet<keyof RegisterForm> };

/** The inputs of the registration form; fields an earlier step answered are left out. */
export function RegisterFields({ form, hidden = new Set() }: Props) {
  const { t } = useTranslation();
  const { register, formState } = form;
  const error = (name: keyof RegisterForm) => formState.errors[name]?.message;
  const shown = (name: keyof RegisterForm) => !hidden.has(name);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={t('First name')} autoComplete="given-name" error={error('first_name')} {...register('first_name')} />
      <TextField label={t('Last name')} autoComplete="family-name" error={error('last_name')} {...register('last_name')} />
      <TextField label={t('Username')} autoComplete="username" error={error('username')} {...register('username')} />
      <TextField label={t('Phone')} type="tel" autoComplete="tel" placeholder="555 000 1111" error={error('phone')} {...register('phone')} />
      {shown('email') && (
        <TextField label={t('Email')} type="email" autoComplete="email" className="sm:col-span-2" error={error('email')} {...register('email')} />
      )}
      {shown('country') && <CountrySelect label={t('Country')} error={error('country')} {...register('country')} />}
      {shown('nationality') && <CountrySelect label={t('Nationality')} error={error('nationality')} {...register('nationality')} />}
      {shown('password') && <TextField label={t('Password')} type="password" autoComplete="new-password" error={error('password')} {...register('password')} />}
      {shown('confirm_password') && (
        <TextField label={t('Confirm password')} type="password" autoComplete="new-password" error={error('confirm_password')} {...register('confirm_password')} />
      )}
    </div>
  );
}

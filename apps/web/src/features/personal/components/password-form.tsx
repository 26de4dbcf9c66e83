import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { passwordChange, type PasswordChange } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage, serverWords } from '@/lib/api-client';
import { useChangePassword } from '../api/personal';
import { Section } from './section';

const empty: PasswordChange = { current_password: '', password: '', confirm_password: '' };

/** Current password first; a change signs every other device out. */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset, setError } = useForm<PasswordChange>({ resolver: zodResolver(passwordChange), defaultValues: empty });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await change.mutateAsync(values);
      reset(empty);
      toast.success(serverWords(res.message));
    } catch (error) {
      const field = error instanceof ApiError ? (error.field('current_password') ? 'current_password' : error.field('password') ? 'password' : null) : null;
      if (field && error instanceof ApiError) setError(field, { message: error.field(field) });
      toast.error(errorMessage(error, t('Could not change your password')));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('Change password')}>
      <Section title={t('Password')} description={t('Changing it signs you out everywhere else.')}>
        <TextField label={t('Current password')} type="password" autoComplete="current-password" error={e.current_password?.message} {...register('current_password')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('New password')} type="password" autoComplete="new-password" hint={t('At least 8 characters')} error={e.password?.message} {...register('password')} />
          <TextField label={t('Confirm new password')} type="password" autoComplete="new-password" error={e.confirm_password?.message} {...register('confirm_password')} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={change.isPending}>
            {t('Change password')}
          </Button>
        </div>
      </Section>
    </form>
  );
}

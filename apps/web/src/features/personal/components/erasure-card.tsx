import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { erasureRequest, type ErasureRequest } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { useLogout } from '@/hooks/use-logout';
import { ApiError, errorMessage, serverWords } from '@/lib/api-client';
import { useEraseData } from '../api/privacy';
import { Section } from './section';

/** The password again and a tick that erasure cannot be undone; then the customer is signed out for good. */
function ErasureDialogForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const erase = useEraseData();
  const logout = useLogout();
  const { register, handleSubmit, formState, setError } = useForm<ErasureRequest>({
    resolver: zodResolver(erasureRequest),
    defaultValues: { password: '', confirm: false },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await erase.mutateAsync(values);
      toast.success(serverWords(res.message));
      await logout();
    } catch (error) {
      const message = error instanceof ApiError ? error.field('password') : undefined;
      if (message) setError('password', { message });
      else toast.error(errorMessage(error, t('Your data could not be erased')));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('Confirm erasure')}>
      <TextField label={t('Password')} type="password" autoComplete="current-password" error={e.password?.message && serverWords(e.password.message)} {...register('password')} />
      <div className="flex flex-col gap-1.5">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5" aria-invalid={e.confirm ? true : undefined} {...register('confirm')} />
          <span>{t('I understand that erasure cannot be undone and that I will not be able to sign in again.')}</span>
        </label>
        {e.confirm?.message && (
          <p role="alert" className="text-xs text-red-400">
            {serverWords(e.confirm.message)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={erase.isPending}>
          {t('Erase my data')}
        </Button>
      </div>
    </form>
  );
}

/** Erasure on request: personal details removed, financial records kept for the legal period. */
export function ErasureCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Section
      title={t('Erase my personal data')}
      description={t(
        'Your name, email, phone, address, date of birth, photo and identity documents are removed and you are signed out everywhere, for good. Your trades, transactions and statements are kept without your name for as long as the law requires.',
      )}
    >
      <p className="text-sm text-muted">{t('Close your positions, cancel your orders and withdraw your money first. Download a copy of your data before if you want one.')}</p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('Erase my data...')}
        </Button>
      </div>
      <Dialog open={open} onOpenChange={setOpen} title={t('Erase my personal data')} description={t('Enter your password to confirm.')}>
        {open && <ErasureDialogForm onCancel={() => setOpen(false)} />}
      </Dialog>
    </Section>
  );
}

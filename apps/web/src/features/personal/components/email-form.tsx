import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { emailChange, type Profile } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage, serverWords } from '@/lib/api-client';
import { aroundSlot, SLOT } from '@/lib/message-slot';
import { useRequestEmailChange } from '../api/personal';
import { Section } from './section';

type EmailChange = z.infer<typeof emailChange>;

/** A new address takes effect when the link sent to it is opened. */
export function EmailForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const { register, handleSubmit, formState, reset, setError } = useForm<EmailChange>({ resolver: zodResolver(emailChange), defaultValues: { email: '', password: '' } });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await request.mutateAsync(values);
      reset({ email: '', password: '' });
      toast.success(serverWords(res.message));
    } catch (error) {
      for (const field of ['email', 'password'] as const) {
        const message = error instanceof ApiError ? error.field(field) : undefined;
        if (message) setError(field, { message });
      }
      toast.error(errorMessage(error, t('Could not start the email change')));
    }
  });
  const [signInBefore, signInAfter] = aroundSlot(t('You sign in with {{email}}.', { email: SLOT }));
  const [waitingBefore, waitingAfter] = aroundSlot(t('Waiting for confirmation: open the link we sent to {{email}}.', { email: SLOT }));
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('Change email')}>
      <Section
        title={t('Email')}
        description={
          <>
            {signInBefore}
            <span className="break-all font-medium text-fg">{profile.email}</span>
            {signInAfter}
          </>
        }
      >
        {profile.pending_email && (
          <p className="flex items-start gap-2 rounded-md border border-line bg-panel-2 px-3 py-2 text-sm">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
            <span className="min-w-0">
              {waitingBefore}
              <span className="break-all font-medium">{profile.pending_email}</span>
              {waitingAfter}
            </span>
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('New email')} type="email" autoComplete="email" error={e.email?.message} {...register('email')} />
          <TextField label={t('Password')} type="password" autoComplete="current-password" error={e.password?.message} {...register('password')} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" loading={request.isPending}>
            {t('Send confirmation link')}
          </Button>
        </div>
      </Section>
    </form>
  );
}

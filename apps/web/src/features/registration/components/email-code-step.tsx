import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { messages } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { aroundSlot, SLOT } from '@/lib/message-slot';
import { useSendEmailCode, useVerifyEmail } from '../api/email-code';
import { useTranslation } from 'react-i18next';

type Props = { email: string; onVerified: (emailToken: string) => void; onBack: () => void };

/** Asks for the 6-digit code mailed to `email`; the right code yields the proof registration needs. */
export function EmailCodeStep({ email, onVerified, onBack }: Props) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const resend = useSendEmailCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [sentBefore, sentAfter] = aroundSlot(t('We sent a 6-digit code to {{email}}. Enter it here to confirm the address.', { email: SLOT }));

  const submit = async () => {
    setError(undefined);
    try {
      const { data } = await verify.mutateAsync({ email, code });
      onVerified(data.email_token);
    } catch (e) {
      setError(errorMessage(e, messages.genericError));
    }
  };
  const again = async () => {
    try {
      await resend.mutateAsync(email);
      setCode('');
      setError(undefined);
      toast.success(t('A new code is on its way.'));
    } catch (e) {
      toast.error(errorMessage(e, messages.genericError));
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-label={t('Confirm your email')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="flex gap-3 rounded-lg border border-line bg-panel-2/60 p-3.5 text-sm">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden />
        <p className="text-muted">
          {sentBefore}
          {/* Isolated, so an address keeps its own direction inside a right-to-left sentence. */}
          <bdi className="font-semibold text-fg [overflow-wrap:anywhere]">{email}</bdi>
          {sentAfter}
        </p>
      </div>
      <TextField
        label={t('Verification code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        dir="ltr"
        maxLength={6}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        error={error}
        hint={t('The code works for 15 minutes. Check your spam folder if it does not arrive.')}
      />
      <Button type="submit" size="lg" loading={verify.isPending} disabled={code.length !== 6} className="w-full">
        {t('Verify email')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="text-brand hover:underline disabled:opacity-60" disabled={resend.isPending} onClick={() => void again()}>
          {t('Send a new code')}
        </button>
        <button type="button" className="text-brand hover:underline" onClick={onBack}>
          {t('Use another email')}
        </button>
      </div>
    </form>
  );
}

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { User } from '@bourse/contract';
import { useLoginWithCode } from '../api/login';
import { useTranslation } from 'react-i18next';

/** Asks for the authenticator code (or a recovery code) after a right password. */
export function TwoFactorStep({ challenge, onDone, onRestart }: { challenge: string; onDone: (user: User) => void; onRestart: (message: string) => void }) {
  const { t } = useTranslation();
  const mutation = useLoginWithCode();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async () => {
    setError(undefined);
    try {
      const { data } = await mutation.mutateAsync({ challenge, code: code.trim() });
      onDone(data.user);
    } catch (e) {
      // An expired or exhausted challenge needs the password again.
      if (e instanceof ApiError && e.field('challenge')) return onRestart(e.field('challenge')!);
      setError(errorMessage(e, t('An error occurred. Please try again.')));
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-label={t('Two-factor code')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-muted">
        {recovery ? t('Enter one of the recovery codes you saved when you turned on two-factor sign-in.') : t('Open your authenticator app and enter the 6-digit code for this account.')}
      </p>
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? t('Recovery code') : t('Authentication code')}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={recovery ? 11 : 6}
        autoFocus
        value={code}
        onChange={(e) => setCode(recovery ? e.target.value : e.target.value.replace(/\D/g, ''))}
        error={error}
      />
      <Button type="submit" size="lg" loading={mutation.isPending} disabled={recovery ? code.trim().length < 10 : code.length !== 6}>
        {t('Verify')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="text-brand hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(undefined);
          }}
        >
          {recovery ? t('Use the authenticator app') : t('Use a recovery code')}
        </button>
        <button type="button" className="text-muted hover:text-fg" onClick={() => onRestart('')}>
          {t('Back to log in')}
        </button>
      </div>
    </form>
  );
}

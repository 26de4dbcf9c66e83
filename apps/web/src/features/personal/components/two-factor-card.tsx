import { useState } from 'react';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Profile } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { errorMessage, serverWords } from '@/lib/api-client';
import { useTwoFactor } from '../api/personal';
import { Section } from './section';
import { TwoFactorSetup } from './two-factor-setup';

function TurnOff({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { disable } = useTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = async () => {
    try {
      const res = await disable.mutateAsync({ password, code: code.trim() });
      toast.success(serverWords(res.message));
      onOpenChange(false);
    } catch (e) {
      toast.error(errorMessage(e, t('Could not turn two-factor sign-in off')));
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('Turn off two-factor sign-in')} description={t('Signing in will need only your password.')}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label={t('Password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <TextField label={t('Code from the app, or a recovery code')} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        <Button type="submit" variant="danger" loading={disable.isPending} disabled={!password || !code}>
          {t('Turn off')}
        </Button>
      </form>
    </Dialog>
  );
}

/** Two-factor sign-in: its state, and turning it on or off. */
export function TwoFactorCard({ profile, required }: { profile: Profile; required: boolean }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'on' | 'off' | null>(null);
  const on = profile.two_factor_enabled;
  return (
    <Section title={t('Two-factor sign-in')} description={t('A code from an authenticator app after your password.')}>
      <div className="flex flex-wrap items-center gap-3">
        {on ? <ShieldCheck className="size-6 shrink-0 text-up" aria-hidden /> : <ShieldOff className="size-6 shrink-0 text-muted" aria-hidden />}
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium">{on ? t('On') : t('Off')}</p>
          <p className="text-muted">{on ? t('Signing in asks for a code from your app or a recovery code.') : t('Anyone with your password can sign in.')}</p>
        </div>
        {on ? (
          <Button variant="secondary" onClick={() => setDialog('off')}>
            {t('Turn off')}
          </Button>
        ) : (
          <Button onClick={() => setDialog('on')}>{t('Turn on')}</Button>
        )}
      </div>
      {required && !on && (
        <p role="alert" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          {t('The operator requires two-factor sign-in for administrators: turn it on to use the back office.')}
        </p>
      )}
      <TwoFactorSetup open={dialog === 'on'} onOpenChange={(o) => setDialog(o ? 'on' : null)} />
      <TurnOff open={dialog === 'off'} onOpenChange={(o) => setDialog(o ? 'off' : null)} />
    </Section>
  );
}

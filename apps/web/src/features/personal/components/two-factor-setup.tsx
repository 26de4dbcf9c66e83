import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useTwoFactor } from '../api/personal';

type Step = { at: 'password' } | { at: 'scan'; secret: string; uri: string } | { at: 'codes'; codes: string[] };

/** Password, then the QR code and secret with the first code, then the recovery codes once. */
export function TwoFactorSetup({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { setup, enable } = useTwoFactor();
  const [step, setStep] = useState<Step>({ at: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const copy = async (text: string, copied: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(copied);
    } catch {
      toast.error(t('Copying is not allowed here: select the text instead.'));
    }
  };
  const close = (next: boolean) => {
    // The codes are shown once: closing before "Done" must not lose them silently.
    if (!next && step.at === 'codes') toast.info(t('Two-factor sign-in is on.'));
    onOpenChange(next);
    if (!next) {
      setStep({ at: 'password' });
      setPassword('');
      setCode('');
      setError(undefined);
    }
  };

  const start = async () => {
    setError(undefined);
    try {
      const { data } = await setup.mutateAsync(password);
      setStep({ at: 'scan', secret: data.secret, uri: data.otpauth_url });
    } catch (e) {
      setError(errorMessage(e, t('Could not start the set-up')));
    }
  };
  const confirm = async () => {
    setError(undefined);
    try {
      const { data } = await enable.mutateAsync(code.trim());
      setStep({ at: 'codes', codes: data.recovery_codes });
    } catch (e) {
      setError(errorMessage(e, t('Could not turn two-factor sign-in on')));
    }
  };

  return (
    <Dialog open={open} onOpenChange={close} title={t('Turn on two-factor sign-in')} description={step.at === 'codes' ? t('Save these recovery codes now.') : undefined}>
      {step.at === 'password' && (
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <p className="text-sm text-muted">
            {t('Confirm it is you. Then scan a QR code with an authenticator app such as Google Authenticator, Microsoft Authenticator, 1Password or Authy.')}
          </p>
          <TextField label={t('Password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error} autoFocus />
          <Button type="submit" loading={setup.isPending} disabled={!password}>
            {t('Continue')}
          </Button>
        </form>
      )}
      {step.at === 'scan' && (
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            <div className="shrink-0 rounded-lg bg-white p-3">
              <QRCodeSVG value={step.uri} size={164} role="img" aria-label={t('QR code for your authenticator app')} />
            </div>
            <div className="min-w-0 text-sm">
              <p className="text-muted">{t('Scan the code, or type this key into the app:')}</p>
              <p className="mt-2 break-all rounded-md bg-panel-2 px-3 py-2 font-mono text-sm tracking-wider" data-testid="totp-secret">
                {step.secret}
              </p>
              <Button variant="ghost" size="sm" className="mt-1 -ms-2" onClick={() => void copy(step.secret, t('Key copied'))}>
                <Copy className="size-4" aria-hidden /> {t('Copy key')}
              </Button>
            </div>
          </div>
          <TextField label={t('6-digit code from the app')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} error={error} />
          <Button type="submit" loading={enable.isPending} disabled={code.length !== 6}>
            {t('Turn on')}
          </Button>
        </form>
      )}
      {step.at === 'codes' && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted">{t('Each code signs you in once if you lose your phone. They are not shown again.')}</p>
          <ul className="grid grid-cols-2 gap-2 rounded-lg bg-panel-2 p-3 font-mono text-sm" aria-label={t('Recovery codes')}>
            {step.codes.map((c) => (
              <li key={c} className="text-center">
                {c}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => void copy(step.codes.join('\n'), t('Recovery codes copied'))}>
              <Copy className="size-4" aria-hidden /> {t('Copy codes')}
            </Button>
            <Button onClick={() => close(false)}>{t('I saved them')}</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

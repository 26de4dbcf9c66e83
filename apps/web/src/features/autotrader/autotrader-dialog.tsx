import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { autotraderMaxOpenTrades, autotraderRisks, type AutotraderRisk } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { RadioChoice } from '@/components/ui/radio-choice';
import { msg } from '@/i18n/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSession } from '@/stores/session-store';
import { useRequestAutotrader, useSwitchOffAutotrader } from './api/autotrader';

const SAVED = msg('AutoTrader settings saved successfully');
const PENDING = msg('You already have a pending AutoTrader request. Please wait for approval.');
const FAILED = msg('Failed to save AutoTrader settings');

/** The instruments the Auto Trader trades: symbols, the same in every language. */
const TRADED = ['BTC/USD', 'ETH/USD'] as const;

const riskLabels: Record<AutotraderRisk, string> = { low: msg('Low'), medium: msg('Medium'), high: msg('High') };

function openTrades(t: TFunction, risk: AutotraderRisk): string {
  const cap = autotraderMaxOpenTrades[risk];
  return cap === null ? t('No limit on open trades') : t('Up to {{count}} open trades', { count: cap });
}

/** SPEC §8: the server's pending message is recognised by its text. */
function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.body?.message?.toLowerCase().includes('pending auto trader request') ? PENDING : FAILED;
}

function ActiveView({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const off = useSwitchOffAutotrader();
  const switchOff = async () => {
    try {
      const res = await off.mutateAsync();
      toast.info(res.message);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, t('Could not switch the Auto Trader off')));
    }
  };
  return (
    <div className="space-y-4">
      <p className="rounded-lg border border-up/40 bg-up/10 p-3 text-sm font-medium text-up">{t('Auto Trader Active')}</p>
      <p className="text-sm text-muted">
        {t(
          'The Auto Trader follows trends on {{first}} and {{second}} for you, one minute bar at a time, with a protective stop on every trade and no more open trades than your risk level allows. Its trades appear in your positions and history. Switching it off leaves open trades as they are; to turn it on again, send a new request.',
          { first: TRADED[0], second: TRADED[1] },
        )}
      </p>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={() => void switchOff()} disabled={off.isPending}>
          {off.isPending ? t('Switching off...') : t('Switch off')}
        </Button>
      </div>
    </div>
  );
}

function RequestForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [risk, setRisk] = useState<AutotraderRisk>('medium');
  const [accepted, setAccepted] = useState(false);
  const request = useRequestAutotrader();
  const activate = async () => {
    try {
      await request.mutateAsync(risk);
      toast.success(t(SAVED));
      onClose();
    } catch (error) {
      toast.error(t(failureMessage(error)));
    }
  };
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (accepted) void activate();
      }}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('Risk level')}</legend>
        <div className="grid grid-cols-3 gap-2">
          {autotraderRisks.map((r) => (
            <RadioChoice
              key={r}
              name="autotrader-risk"
              checked={risk === r}
              onChange={() => setRisk(r)}
              className={cn('rounded-lg border px-2 py-2 text-sm', risk === r ? 'border-brand bg-brand/15 text-fg' : 'border-line text-muted hover:bg-panel-2')}
            >
              <span className="block font-medium">{t(riskLabels[r])}</span>
              <span className="block text-xs text-muted">{openTrades(t, r)}</span>
            </RadioChoice>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-muted">
        {t(
          'Your request is reviewed by our team. Once approved, the Auto Trader opens and closes trades on your selected account by itself. Trading CFDs carries a high risk of losing money.',
        )}
      </p>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
        <span>{t('I accept that the Auto Trader trades on my account and that I bear the results.')}</span>
      </label>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={!accepted || request.isPending}>
          {request.isPending ? t('Activating...') : t('Activate')}
        </Button>
      </div>
    </form>
  );
}

/** SPEC §2/§4 Auto Trader dialog: request the service, or see that it is active and switch it off. */
export function AutotraderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const active = useSession((s) => s.user?.autotrader) ?? false;
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('Auto Trader')}>
      {active ? <ActiveView onClose={close} /> : <RequestForm onClose={close} />}
    </Dialog>
  );
}

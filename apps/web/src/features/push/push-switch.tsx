import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SwitchField } from '@/components/settings-controls';
import { errorMessage } from '@/lib/api-client';
import { currentPushState, type PushState, turnPushOff, turnPushOn } from '@/lib/push-subscription';

/**
 * "Push notifications on this device": news reaches this browser even when Bourse is closed. Per
 * device, so it acts at once rather than with the settings form's Save.
 */
export function PushSwitch() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    currentPushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unavailable'));
    return () => {
      live = false;
    };
  }, []);
  const descriptions: Record<PushState | 'loading', string> = {
    loading: t('Alerts, fills, margin calls and replies from support reach this device even when Bourse is closed.'),
    on: t('Alerts, fills, margin calls and replies from support reach this device even when Bourse is closed.'),
    off: t('Alerts, fills, margin calls and replies from support reach this device even when Bourse is closed.'),
    blocked: t('Notifications are blocked for this site: allow them in your browser settings first.'),
    unsupported: t('This browser cannot receive push notifications here. Install the app or use a current browser.'),
    unavailable: t('Push notifications are not set up on this server.'),
  };
  const change = async (on: boolean) => {
    setBusy(true);
    try {
      const next = on ? await turnPushOn() : await turnPushOff();
      setState(next);
      if (on && next === 'on') toast.success(t('Push notifications are on for this device'));
    } catch (error) {
      toast.error(errorMessage(error, t('Push notifications could not be turned on on this device.')));
    } finally {
      setBusy(false);
    }
  };
  const usable = state === 'on' || state === 'off';
  return (
    <SwitchField
      label={t('Push notifications on this device')}
      description={descriptions[state]}
      checked={state === 'on'}
      disabled={!usable || busy}
      onChange={(on) => void change(on)}
    />
  );
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { notificationTopics, type NotificationTopic, type Preferences } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { SettingsSection, SwitchField } from '@/components/settings-controls';
import { errorMessage } from '@/lib/api-client';
import { useCurrencies } from '@/stores/currency-store';
import { usePreferences } from '@/stores/preferences-store';
import { PushSwitch } from '@/features/push/push-switch';
import { LanguageChoiceField } from './language-choice';
import { ThemeChoiceField } from './theme-choice';
import { useTranslation } from 'react-i18next';
import { DEFAULT_BRAND } from '@/config/constants';
import { msg } from '@/i18n/i18n';
import { aroundSlot, SLOT } from '@/lib/message-slot';

/** Every IANA zone the browser knows, UTC first. */
function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** The contract's topic names and descriptions (`notificationTopicLabels`), marked for the catalogue. */
const topicLabels: Record<NotificationTopic, { title: string; text: string }> = {
  trading: { title: msg('Trading'), text: msg('Stop-outs, Expert Advisors and the Auto Trader') },
  money: { title: msg('Deposits and withdrawals'), text: msg('Every decision on your money') },
  account: { title: msg('Account'), text: msg('Plans, verification and account status') },
  alerts: { title: msg('Price alerts'), text: msg('The price levels and moves you set alerts on') },
};

/** What the form saves: everything but the theme and the language, which switch and save on their own. */
type FormSettings = Omit<Preferences, 'theme' | 'language'>;
function formPart(preferences: Preferences): FormSettings {
  const { theme, language, ...rest } = preferences;
  return rest;
}

function SettingsForm({ saved }: { saved: FormSettings }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FormSettings>(saved);
  const [saving, setSaving] = useState(false);
  const currencies = useCurrencies();
  const zones = useMemo(timeZones, []);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const setChannel = (topic: (typeof notificationTopics)[number], key: 'in_app' | 'email', on: boolean) =>
    setDraft((d) => ({ ...d, notifications: { ...d.notifications, [topic]: { ...d.notifications[topic], [key]: on } } }));

  const save = async () => {
    setSaving(true);
    try {
      setDraft(formPart(await usePreferences.getState().save(draft)));
      toast.success(t('Settings saved'));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not save your settings')));
    } finally {
      setSaving(false);
    }
  };

  const [securityBefore, securityAfter] = aroundSlot(t('Password, two-factor sign-in and your signed-in devices are on the {{link}} page.', { link: SLOT }));
  return (
    <form
      className="flex max-w-3xl flex-col gap-6"
      aria-label={t('Settings')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <SettingsSection title={t('Display')}>
        <ThemeChoiceField />
        <div className="grid gap-4 sm:grid-cols-2">
          <LanguageChoiceField />
          <SelectField label={t('Display currency')} value={draft.display_currency} onChange={(e) => setDraft({ ...draft, display_currency: e.target.value })}>
            {currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} ({c.symbol})
              </option>
            ))}
          </SelectField>
          <SelectField label={t('Time zone')} value={draft.time_zone} onChange={(e) => setDraft({ ...draft, time_zone: e.target.value })}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </SelectField>
        </div>
        <SwitchField label={t('Sounds')} description={t('The order chime and the notification sound.')} checked={draft.sound} onChange={(sound) => setDraft({ ...draft, sound })} />
      </SettingsSection>
      <SettingsSection title={t('Notifications')} description={t('How each kind of news reaches you.')}>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-start text-xs text-muted">
              <th className="pb-2 font-medium">{t('Topic')}</th>
              <th className="w-20 pb-2 text-center font-medium">{t('In app')}</th>
              <th className="w-20 pb-2 text-center font-medium">{t('Email')}</th>
            </tr>
          </thead>
          <tbody>
            {notificationTopics.map((topic) => (
              <tr key={topic} className="border-t border-line">
                <td className="py-2.5">
                  <p className="font-medium">{t(topicLabels[topic].title)}</p>
                  <p className="text-xs text-muted">{t(topicLabels[topic].text)}</p>
                </td>
                {(['in_app', 'email'] as const).map((key) => (
                  <td key={key} className="text-center">
                    <input
                      type="checkbox"
                      className="size-4 accent-[var(--color-brand)]"
                      aria-label={key === 'in_app' ? t('{{topic}} in the app', { topic: t(topicLabels[topic].title) }) : t('{{topic}} by email', { topic: t(topicLabels[topic].title) })}
                      checked={draft.notifications[topic][key]}
                      onChange={(e) => setChannel(topic, key, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <PushSwitch />
      </SettingsSection>
      <SettingsSection title={t('Security')}>
        <p className="text-sm text-muted">
          {securityBefore}
          <Link to="/main/personal" className="text-brand underline">
            {t('Personal Details')}
          </Link>
          {securityAfter}
        </p>
      </SettingsSection>
      <div className="flex items-center justify-end gap-2 rounded-xl border border-line bg-panel px-4 py-3">
        {dirty && <span className="me-auto hidden text-sm text-muted sm:inline">{t('Unsaved changes')}</span>}
        <Button variant="ghost" disabled={!dirty || saving} onClick={() => setDraft(saved)}>
          {t('Discard')}
        </Button>
        <Button type="submit" loading={saving} disabled={!dirty}>
          {t('Save settings')}
        </Button>
      </div>
    </form>
  );
}

/** /main/settings: the customer's display, sound and notification settings, kept on the server. */
export function SettingsPage() {
  const { t } = useTranslation();
  const preferences = usePreferences((s) => s.preferences);
  const [state, setState] = useState<'loading' | 'failed'>('loading');
  const load = useCallback(async () => {
    setState('loading');
    await usePreferences.getState().load();
    if (!usePreferences.getState().preferences) setState('failed');
  }, []);
  useEffect(() => {
    // The bootstrap loads them after sign-in; a page opened sooner asks itself.
    if (!usePreferences.getState().preferences) void load();
  }, [load]);
  return (
    <>
      <PageHeader title={t('Settings')} description={t('How {{brand}} looks, sounds and keeps you informed.', { brand: DEFAULT_BRAND })} />
      {preferences ? (
        <SettingsForm key={JSON.stringify(formPart(preferences))} saved={formPart(preferences)} />
      ) : state === 'failed' ? (
        <div className="flex flex-col items-start gap-3 text-sm text-muted">
          <p>{t('Your settings could not be loaded.')}</p>
          <Button size="sm" variant="secondary" onClick={() => void load()}>
            {t('Retry')}
          </Button>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" /> {t('Loading settings...')}
        </p>
      )}
    </>
  );
}

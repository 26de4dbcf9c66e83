import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Consent, ConsentPurpose } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { SwitchField } from '@/components/settings-controls';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, serverWords } from '@/lib/api-client';
import { aroundSlot, SLOT } from '@/lib/message-slot';
import { msg } from '@/i18n/i18n';
import { useChangeConsent, useConsents } from '../api/privacy';
import { Section } from './section';

const labels: Record<ConsentPurpose, string> = {
  marketing_email: msg('Offers and news by email'),
  marketing_sms: msg('Offers by text message'),
  marketing_phone: msg('Calls about offers'),
};

/** When the customer last gave or withdrew the consent, or that they never gave it. */
function ConsentState({ consent }: { consent: Consent }) {
  const { t } = useTranslation();
  if (!consent.changed_at) return <>{t('Not given')}</>;
  const [before, after] = aroundSlot(consent.granted ? t('Given {{date}}', { date: SLOT }) : t('Withdrawn {{date}}', { date: SLOT }));
  return (
    <>
      {before}
      <DateTime iso={consent.changed_at} withYear />
      {after}
    </>
  );
}

/** Marketing the customer agrees to receive; each change is recorded with when and from where. */
export function ConsentsCard() {
  const { t } = useTranslation();
  const consents = useConsents();
  const change = useChangeConsent();
  const set = (purpose: ConsentPurpose, granted: boolean) =>
    change.mutate(
      { purpose, granted },
      { onSuccess: (res) => toast.success(serverWords(res.message)), onError: (error) => toast.error(errorMessage(error, t('Could not save your choice'))) },
    );
  return (
    <Section title={t('Marketing')} description={t('What we may send you besides messages about your account. Nothing is sent until you agree, and you can change your mind at any time.')}>
      {consents.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" /> {t('Loading your choices...')}
        </p>
      ) : consents.isError ? (
        <p className="text-sm text-muted">
          {t('Your choices could not be loaded.')}{' '}
          <button type="button" className="text-brand hover:underline" onClick={() => void consents.refetch()}>
            {t('Retry')}
          </button>
        </p>
      ) : (
        consents.data.map((consent) => (
          <SwitchField
            key={consent.purpose}
            label={t(labels[consent.purpose])}
            description={<ConsentState consent={consent} />}
            checked={consent.granted}
            onChange={(granted) => set(consent.purpose, granted)}
          />
        ))
      )}
    </Section>
  );
}

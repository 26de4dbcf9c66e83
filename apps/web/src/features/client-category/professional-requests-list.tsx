import { useTranslation } from 'react-i18next';
import { RequestQueue } from '@/components/request-queue';
import { useDecideProfessionalRequest, useProfessionalRequests } from './api/client-category';
import { CriteriaMet, EvidenceFiles } from './components/request-details';

/** Back office: customers asking to be treated as professional, pending first, with their answers and evidence. */
export function ProfessionalRequestsList() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="professional-requests-title" className="space-y-3">
      <h2 id="professional-requests-title" className="text-base font-semibold">
        {t('Professional clients')}
      </h2>
      <RequestQueue
        requests={useProfessionalRequests()}
        decide={useDecideProfessionalRequest()}
        detail={(r) => (
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            <CriteriaMet request={r} />
            <EvidenceFiles files={r.evidence} />
          </div>
        )}
        empty={t('No requests to be treated as professional yet.')}
        failed={t('Failed to load the requests')}
        testId="professional-request"
      />
    </section>
  );
}

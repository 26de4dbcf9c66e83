import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { channels, events, type VerificationOverview } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePrivateEvent, useUserId } from '@/lib/realtime-hooks';
import { useSiteSettings } from '@/stores/settings-store';
import { useVerification, verificationKeys } from './api/verification';
import { DocumentCard } from './components/document-card';

function StatusBanner({ overview }: { overview: VerificationOverview }) {
  const { t } = useTranslation();
  const approved = overview.documents.filter((d) => d.status === 'approved').length;
  const rejected = overview.documents.filter((d) => d.status === 'rejected').length;
  const progress = t('{{approved}} of {{total}} documents approved.', { approved, total: overview.documents.length });
  switch (overview.status) {
    case 'approved':
      return (
        <Alert variant="success" title={t('Verified')}>
          {t('Your identity has been verified. Thank you.')}
        </Alert>
      );
    case 'pending':
      return (
        <Alert variant="warning" title={t('Documents in review')}>
          {t('Our Client Management Team is checking your documents, usually within one business day.')} {progress}
          {rejected > 0 && ` ${t('{{count}} documents were rejected: see the reason below and upload a new file.', { count: rejected })}`}
        </Alert>
      );
    case 'rejected':
      return (
        <Alert variant="destructive" title={t('Action needed')}>
          {t('{{count}} documents were rejected. See the reason below and upload a new file.', { count: rejected })} {progress}
        </Alert>
      );
    default:
      return (
        <Alert title={t('Verify your identity')}>
          {t('Upload the four documents below to verify your identity.')} {progress}
        </Alert>
      );
  }
}

/** What verification unlocks on this site, as the operator set it. */
function RequirementNote() {
  const { t } = useTranslation();
  const required = useSiteSettings((s) => s.settings?.require_verification ?? true);
  return (
    <p className="text-sm text-muted" data-testid="verification-requirement">
      {required
        ? t('Until all four documents are approved you can trade on demo accounts and deposit into a live account. Orders on a live account and withdrawals need all four documents approved.')
        : t('Verification is not required here to trade on a live account or to withdraw, but our team may ask for it at any time.')}
    </p>
  );
}

/** /main/verification: the customer's KYC documents, one card per kind, with the overall state on top. */
export function VerificationPage() {
  const { t } = useTranslation();
  const verification = useVerification();
  const userId = useUserId();
  const queryClient = useQueryClient();
  // A decision in the back office is announced on the user channel: show it without a reload.
  usePrivateEvent(userId === null ? null : channels.user(userId), events.userUpdated, () => void queryClient.invalidateQueries({ queryKey: verificationKeys.own }));

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('Verification')} description={t('Your documents are stored privately and seen only by our compliance team.')} />
      {verification.isPending && (
        <div className="flex justify-center py-16">
          <Spinner label={t('Loading your documents')} />
        </div>
      )}
      {verification.isError && (
        <Alert variant="destructive" title={t('Could not load your documents')}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void verification.refetch()}>
            {t('Retry')}
          </Button>
        </Alert>
      )}
      {verification.data && (
        <div className="space-y-5">
          <StatusBanner overview={verification.data} />
          <RequirementNote />
          <div className="grid gap-4 md:grid-cols-2">
            {verification.data.documents.map((doc) => (
              <DocumentCard key={doc.kind} doc={doc} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { SettingsSection } from '@/components/settings-controls';
import { AmlSettingsForm } from './components/aml-settings-form';
import { ListImports } from './components/list-import';
import { ReviewQueue } from './components/review-queue';
import { SourceOfFundsReview } from './components/source-of-funds-review';

/** Back office, administrators only: the sanctions lists, the review queue and the rules. */
export function AmlPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t('AML screening')}
        description={t('Customers are screened against the sanctions lists at sign-up and on every change of name or date of birth. A hit holds their withdrawals until an admin clears it.')}
      />
      <SettingsSection title={t('Review queue')} description={t('Sanctions matches and deposits or withdrawals flagged by a rule.')}>
        <ReviewQueue />
      </SettingsSection>
      <SettingsSection title={t('Source of funds')} description={t('Declarations customers send once their deposits pass the threshold. A held deposit can be credited once its customer’s declaration is approved.')}>
        <SourceOfFundsReview />
      </SettingsSection>
      <SettingsSection title={t('Sanctions lists')} description={t('Importing a list replaces its previous version; a malformed file is refused whole. Every customer is then screened against it again.')}>
        <ListImports />
      </SettingsSection>
      <SettingsSection title={t('Threshold and rules')}>
        <AmlSettingsForm />
      </SettingsSection>
    </div>
  );
}

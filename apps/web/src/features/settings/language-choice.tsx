import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SelectField } from '@/components/ui/field';
import { currentLanguage } from '@/i18n/i18n';
import { isLanguageCode, languages } from '@/i18n/languages';
import { errorMessage } from '@/lib/api-client';
import { chooseLanguage } from '@/stores/preferences-store';

/** The app's language: applies at once and is kept in the customer's settings (not part of the form's Save). */
export function LanguageChoiceField() {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('Language')}
      value={currentLanguage()}
      data-testid="language-choice"
      onChange={(e) => {
        const code = e.target.value;
        if (isLanguageCode(code)) chooseLanguage(code).catch((error) => toast.error(errorMessage(error, t('Your language could not be saved'))));
      }}
    >
      {languages.map((l) => (
        <option key={l.code} value={l.code} lang={l.code}>
          {l.name}
        </option>
      ))}
    </SelectField>
  );
}

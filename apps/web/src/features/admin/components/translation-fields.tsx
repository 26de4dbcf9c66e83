import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translatedLanguages } from '@bourse/contract';
import { TextField } from '@/components/ui/field';
import { languageOf } from '@/i18n/languages';
import type { CatalogueFormValues } from './catalogue-form-values';
import { TextAreaField } from '@/components/settings-controls';

/** Name and description in each other language; what is left empty reads in English. */
export function TranslationFields({ register }: { register: UseFormRegister<CatalogueFormValues> }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-medium">{t('Translations')}</legend>
      <p className="text-xs text-muted">{t('Customers see the name and description in their language; an empty field shows the English text.')}</p>
      {translatedLanguages.map((code) => {
        const language = languageOf(code);
        return (
          <details key={code} className="rounded-lg border border-line px-3 py-2" data-testid={`translation-${code}`}>
            <summary className="cursor-pointer text-sm font-medium">{language.name}</summary>
            {/* The labels are in the reader's language; what is typed is in the language it is for. */}
            <div className="mt-3 flex flex-col gap-3">
              <TextField label={t('Name in {{language}}', { language: language.name })} dir={language.dir} lang={code} {...register(`translations.${code}.name`)} />
              <TextAreaField label={t('Description in {{language}}', { language: language.name })} dir={language.dir} lang={code} rows={3} {...register(`translations.${code}.description`)} />
            </div>
          </details>
        );
      })}
    </fieldset>
  );
}

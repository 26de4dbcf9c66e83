import { useSiteSettings } from '@/stores/settings-store';
import { useTranslation } from 'react-i18next';
import { aroundSlot, SLOT } from '@/lib/message-slot';

/** Privacy agreement: agrees to the Privacy Policy and is over 18 (SPEC §2). */
export function PrivacyCheckbox({ checked, onChange, error }: { checked: boolean; onChange: (v: boolean) => void; error?: string }) {
  const { t } = useTranslation();
  const privacyUrl = useSiteSettings((s) => s.settings?.privacy_url);
  const policy = privacyUrl ? (
    <a href={privacyUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand hover:underline">
      {t('Privacy Policy')}
    </a>
  ) : (
    <strong className="font-medium text-fg">{t('Privacy Policy')}</strong>
  );
  const [agreeBefore, agreeAfter] = aroundSlot(t('I agree to the {{policy}} and confirm that I am over 18 years old.', { policy: SLOT }));
  return (
    <div>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line bg-panel-2/60 p-3.5 text-sm leading-relaxed text-fg/90">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-4 shrink-0 accent-brand"
        />
        <span>
          {agreeBefore}
          {policy}
          {agreeAfter}
        </span>
      </label>
      {error && (
        <p role="alert" className="mt-1.5 text-xs text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

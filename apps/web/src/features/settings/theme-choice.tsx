import type { ComponentType } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { toast } from 'sonner';
import { themeChoices, type ThemeChoice } from '@bourse/contract';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { chooseTheme } from '@/stores/preferences-store';
import { useTheme } from '@/stores/theme-store';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

const options: Record<ThemeChoice, { label: string; Icon: ComponentType<{ className?: string }> }> = {
  dark: { label: msg('Dark'), Icon: Moon },
  light: { label: msg('Light'), Icon: Sun },
  system: { label: msg('System'), Icon: Monitor },
};

/** Dark, Light or System: applies at once and is kept in the customer's settings (not part of the form's Save). */
export function ThemeChoiceField() {
  const { t } = useTranslation();
  const choice = useTheme((s) => s.choice) ?? 'system';
  const pick = (next: ThemeChoice) => chooseTheme(next).catch((error) => toast.error(errorMessage(error, t('Your theme could not be saved'))));
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-fg/90">{t('Theme')}</legend>
      <div className="grid grid-cols-3 gap-2 sm:max-w-md">
        {themeChoices.map((value) => {
          const { label, Icon } = options[value];
          return (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand',
                choice === value ? 'border-brand bg-brand/10 font-medium text-fg' : 'border-line text-muted hover:text-fg',
              )}
            >
              <input type="radio" name="theme" value={value} checked={choice === value} onChange={() => void pick(value)} className="sr-only" />
              <Icon className="size-4" aria-hidden /> {t(label)}
            </label>
          );
        })}
      </div>
      <p className="text-xs text-muted">{t("System follows your device's light or dark appearance. Applies at once.")}</p>
    </fieldset>
  );
}

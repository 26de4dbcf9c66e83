import { DropdownMenu } from 'radix-ui';
import { Check, ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { currentLanguage } from '@/i18n/i18n';
import { languages } from '@/i18n/languages';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { chooseLanguage } from '@/stores/preferences-store';

/** The header's language selector (SPEC "EN"): shows the app in another language at once and keeps the choice. */
export function LanguageMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const itemClass = 'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-panel-2';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        // The name starts with the code it shows (WCAG 2.5.3, label in name).
        aria-label={`${language.toUpperCase()} · ${t('Language: {{name}}', { name: languages.find((l) => l.code === language)?.name })}`}
        data-testid="language-menu"
        className={cn(
          'h-9 shrink-0 items-center gap-1.5 rounded-md border border-line px-2.5 text-xs font-semibold text-fg/90 hover:bg-panel-2 focus-visible:outline-2 focus-visible:outline-brand',
          // The caller's classes decide whether it shows (e.g. "hidden sm:inline-flex").
          className ?? 'inline-flex',
        )}
      >
        <Globe className="size-3.5 text-muted" aria-hidden />
        {language.toUpperCase()}
        <ChevronDown className="size-3.5 text-muted" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-44 rounded-xl border border-line bg-panel p-1.5 shadow-2xl">
          <DropdownMenu.RadioGroup
            value={language}
            onValueChange={(code) => {
              const next = languages.find((l) => l.code === code);
              if (next) chooseLanguage(next.code).catch((error) => toast.error(errorMessage(error, t('Your language could not be saved'))));
            }}
          >
            {languages.map((l) => (
              <DropdownMenu.RadioItem key={l.code} value={l.code} lang={l.code} dir={l.dir} className={itemClass}>
                <span className="w-6 text-xs font-semibold text-muted">{l.code.toUpperCase()}</span>
                <span className="flex-1">{l.name}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="size-4 text-brand" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

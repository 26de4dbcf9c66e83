import { Moon, Sun } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { chooseTheme } from '@/stores/preferences-store';
import { useTheme } from '@/stores/theme-store';
import { useTranslation } from 'react-i18next';

/** A header button that switches between the dark and the light theme (kept like the Settings choice). */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useTheme((s) => s.theme);
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'light' ? t('Switch to light theme') : t('Switch to dark theme');
  return (
    <button
      type="button"
      onClick={() => chooseTheme(next).catch((error) => toast.error(errorMessage(error, t('Your theme could not be saved'))))}
      aria-label={label}
      title={label}
      className={cn('flex size-9 shrink-0 items-center justify-center rounded-md text-muted hover:bg-panel-2 hover:text-fg', className)}
    >
      {theme === 'dark' ? <Sun className="size-4" aria-hidden /> : <Moon className="size-4" aria-hidden />}
    </button>
  );
}

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useTranslation } from 'react-i18next';

/** What failed to load, with a Retry that asks again. */
export function LoadError({ text, onRetry, className }: { text: string; onRetry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex flex-col items-center gap-3 p-6 text-sm text-muted', className)}>
      <p>{text}</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {t('Retry')}
      </Button>
    </div>
  );
}

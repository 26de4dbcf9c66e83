import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTranslation } from 'react-i18next';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return <Loader2 role="status" aria-label={label ?? t('Loading')} className={cn('size-5 animate-spin text-muted', className)} />;
}

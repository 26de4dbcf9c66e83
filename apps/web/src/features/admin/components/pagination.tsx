import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** "Page N of M" with Previous and Next; nothing when everything fits on one page. */
export function Pagination({ page, perPage, total, onPage, label }: { page: number; perPage: number; total: number; onPage: (page: number) => void; label?: string }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label ?? t('Pagination')} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <span className="text-muted">
        {t('Page {{page}} of {{pages}}', { page, pages })}
      </span>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden /> {t('Previous')}
        </Button>
        <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('Next')} <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** SPEC §2 texts of an instrument list that has nothing to show: loading, failed (with Retry) or empty. */
export function AssetListState({ state, onRetry }: { state: 'loading' | 'error' | 'empty'; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state === 'loading') {
    return (
      <div className="flex flex-1 items-center justify-center gap-2 p-6 text-sm text-muted">
        <Spinner className="size-4" /> {t('Loading assets...')}
      </div>
    );
  }
  if (state === 'error') {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-sm text-muted">
        <p>{t('Failed to load assets')}</p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('Retry')}
        </Button>
      </div>
    );
  }
  return <p className="flex flex-1 items-center justify-center p-6 text-sm text-muted">{t('No assets found')}</p>;
}

import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { FullScreenMessage } from '@/components/full-screen-message';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <FullScreenMessage
      icon={<Compass className="size-7" />}
      title={t('Page not found')}
      action={
        <Link to="/" className="rounded-md bg-brand-solid px-4 py-2 text-sm font-medium text-white hover:bg-brand-strong">
          {t('Go to the home page')}
        </Link>
      }
    >
      <p>{t('The page you are looking for does not exist or has moved.')}</p>
    </FullScreenMessage>
  );
}

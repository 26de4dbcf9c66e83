import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useCanDecide } from '@/hooks/use-can-decide';
import { toInput, useCatalogue } from './api/marketplace-admin';
import { CatalogueForm } from './components/catalogue-form';
import { emptyItem } from './components/catalogue-form-values';

/** Back office: new catalogue item (/admin/catalogue/new) or edit one (/admin/catalogue/:id). */
export function CatalogueEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const items = useCatalogue();
  const canEdit = useCanDecide();
  const done = () => void navigate('/admin/catalogue');
  if (!canEdit) {
    return (
      <Alert title={t('Only an admin edits the catalogue')}>
        <Link to="/admin/catalogue" className="text-brand hover:underline">
          {t('Back to the catalogue')}
        </Link>
      </Alert>
    );
  }
  if (!id || id === 'new') {
    return (
      <div>
        <PageHeader title={t('New catalogue item')} />
        <CatalogueForm initial={emptyItem} onSaved={done} />
      </div>
    );
  }
  if (items.isPending) return <Spinner />;
  const item = items.data?.find((i) => i.id === Number(id));
  if (!item) return (
      <Alert variant="destructive" title={t('Item not found')}>
        {t('It may have been removed.')}
      </Alert>
    );
  return (
    <div>
      <PageHeader title={t('Edit {{name}}', { name: item.name })} />
      <CatalogueForm id={item.id} initial={toInput(item)} onSaved={done} />
    </div>
  );
}

import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { toInput, useCatalogue } from './api/marketplace-admin';
import { CatalogueForm } from './components/catalogue-form';
import { emptyItem } from './components/catalogue-form-values';

/** Back office: new catalogue item (/admin/catalogue/new) or edit one (/admin/catalogue/:id). */
export function CatalogueEditPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const items = useCatalogue();
  const done = () => void navigate('/admin/catalogue');
  if (!id || id === 'new') {
    return (
      <div>
        <PageHeader title="New catalogue item" />
        <CatalogueForm initial={emptyItem} onSaved={done} />
      </div>
    );
  }
  if (items.isPending) return <Spinner />;
  const item = items.data?.find((i) => i.id === Number(id));
  if (!item) return <Alert variant="destructive" title="Item not found">It may have been removed.</Alert>;
  return (
    <div>
      <PageHeader title={`Edit ${item.name}`} />
      <CatalogueForm id={item.id} initial={toInput(item)} onSaved={done} />
    </div>
  );
}

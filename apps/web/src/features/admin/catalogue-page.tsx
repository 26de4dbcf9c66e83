import { Link } from 'react-router';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ReadOnlyNote } from '@/components/read-only-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCanDecide } from '@/hooks/use-can-decide';
import { errorMessage } from '@/lib/api-client';
import { useSiteData } from '@/stores/site-data-store';
import { type AdminEa, toInput, useCatalogue, useSaveItem } from './api/marketplace-admin';

function PublishToggle({ item }: { item: AdminEa }) {
  const { t } = useTranslation();
  const save = useSaveItem();
  const flip = async () => {
    try {
      await save.mutateAsync({ id: item.id, input: { ...toInput(item), published: !item.published } });
      toast.success(item.published ? t('{{name}} unpublished', { name: item.name }) : t('{{name}} published', { name: item.name }));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not change the item')));
    }
  };
  return (
    <Button
      size="sm"
      variant={item.published ? 'secondary' : 'primary'}
      loading={save.isPending}
      onClick={() => void flip()}
      aria-label={item.published ? t('Unpublish {{name}}', { name: item.name }) : t('Publish {{name}}', { name: item.name })}
    >
      {item.published ? t('Unpublish') : t('Publish')}
    </Button>
  );
}

function ItemRow({ item, canEdit }: { item: AdminEa; canEdit: boolean }) {
  const { t } = useTranslation();
  const plans = useSiteData((s) => s.data?.plans) ?? [];
  const planNames = item.plan_ids.map((id) => plans.find((p) => p.id === id)?.title ?? `#${id}`);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-panel p-3">
      <img src={item.image} alt="" className="size-12 shrink-0 rounded-md object-cover" />
      {/* At least 12rem for the name: on a phone the status and actions wrap below instead. */}
      <div className="min-w-0 flex-1 basis-48">
        <p className="truncate font-medium">{item.name}</p>
        <p className="truncate text-xs text-muted">
          {item.author} · {item.type === 'expert_advisor' ? item.strategy : t('Other')} ·{' '}
          {Number(item.amount) === 0 ? t('Free') : item.billing === 'monthly' ? t('{{price}}/month', { price: `$${item.amount}` }) : `$${item.amount}`} ·{' '}
          {t('{{downloads}} downloads', { downloads: item.downloads })}
          {planNames.length > 0 ? ` · ${t('plans {{names}}', { names: planNames.join(', ') })}` : ''}
        </p>
      </div>
      <span className={item.published ? 'text-xs font-medium text-up' : 'text-xs font-medium text-muted'}>{item.published ? t('Published') : t('Draft')}</span>
      {canEdit && (
        <>
          <Link to={`/admin/catalogue/${item.id}`} className="rounded-md px-2 py-1 text-sm text-brand hover:underline" aria-label={t('Edit {{name}}', { name: item.name })}>
            {t('Edit')}
          </Link>
          <PublishToggle item={item} />
        </>
      )}
    </li>
  );
}

/** Back office: every catalogue item, published or not, with a publish switch. */
export function CataloguePage() {
  const { t } = useTranslation();
  const canEdit = useCanDecide();
  const items = useCatalogue();
  return (
    <div>
      <PageHeader
        title={t('Catalogue')}
        description={t('Marketplace items, published or draft.')}
        actions={
          canEdit && (
            <Link to="/admin/catalogue/new" className="inline-flex h-10 items-center rounded-md bg-brand-solid px-4 text-sm font-medium text-white hover:bg-brand-strong">
              {t('New item')}
            </Link>
          )
        }
      />
      {!canEdit && <ReadOnlyNote className="-mt-3 mb-5">{t('Read only: an admin adds, edits and publishes items.')}</ReadOnlyNote>}
      {items.isPending && <Spinner />}
      {items.isError && (
        <Alert variant="destructive" title={t('Failed to load the catalogue')}>
          <Button variant="secondary" size="sm" onClick={() => void items.refetch()}>
            {t('Retry')}
          </Button>
        </Alert>
      )}
      {items.data?.length === 0 && <p className="text-sm text-muted">{t('No items yet.')}</p>}
      {items.data && items.data.length > 0 && (
        <ul className="flex flex-col gap-2">
          {items.data.map((item) => <ItemRow key={item.id} item={item} canEdit={canEdit} />)}
        </ul>
      )}
    </div>
  );
}

import { type ReactNode, useState } from 'react';
import { Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { assetCategories, type CustomerGroup } from '@bourse/contract';
import { ReadOnlyNote } from '@/components/read-only-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCanDecide } from '@/hooks/use-can-decide';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useDeleteGroup, useGroups } from '../api/dealing';
import { categoryLabels, executionLabels } from '../lib/dealing-labels';
import { ConfirmDialog } from './confirm-dialog';
import { GroupDialog } from './group-dialog';
import { PlanGroups } from './plan-groups';

/** A decimal the server keeps with trailing zeros, as people read it. */
const decimal = (value: string) => formatNumber(Number(value), { maximumFractionDigits: 4 });

/** A group's markup in a line: each class and instrument with its points. */
function MarkupLine({ group }: { group: CustomerGroup }) {
  const { t } = useTranslation();
  const entries = Object.entries(group.markup);
  if (entries.length === 0) return null;
  const name = (key: string) => ((assetCategories as readonly string[]).includes(key) ? t(categoryLabels[key as (typeof assetCategories)[number]]) : key);
  return (
    <span className="text-xs text-muted" data-testid="group-markup">
      {t('markup {{list}}', { list: entries.map(([key, points]) => t('{{name}} {{count}} pts', { name: name(key), count: points })).join(', ') })}
    </span>
  );
}

function Commission({ group }: { group: CustomerGroup }) {
  const { t } = useTranslation();
  if (group.commission_mode === 'none')
    return (
      <span className="flex flex-col">
        <span className="text-muted">{t('None')}</span>
        <MarkupLine group={group} />
      </span>
    );
  const rate = `${decimal(group.commission_rate)} ${group.currency ?? ''}`.trim();
  return (
    <span className="flex flex-col">
      <span>{group.commission_mode === 'per_lot' ? t('{{rate}} per lot', { rate }) : t('{{rate}} per million', { rate })}</span>
      {Number(group.commission_min) > 0 && <span className="text-xs text-muted">{t('at least {{min}}', { min: decimal(group.commission_min) })}</span>}
      <MarkupLine group={group} />
    </span>
  );
}

function Leverage({ group }: { group: CustomerGroup }) {
  const { t } = useTranslation();
  const caps = assetCategories.filter((c) => group.leverage[c] !== undefined);
  if (caps.length === 0) return <span className="text-muted">{t('Plan’s')}</span>;
  return (
    <span className="flex flex-col">
      {caps.map((c) => (
        <span key={c}>
          {t(categoryLabels[c])} 1:{group.leverage[c]}
        </span>
      ))}
    </span>
  );
}

function SwapFree({ group }: { group: CustomerGroup }) {
  const { t } = useTranslation();
  if (!group.swap_free) return <span className="text-muted">{t('No')}</span>;
  return (
    <span className="flex flex-col">
      <span>{t('Yes')}</span>
      {Number(group.swap_free_fee) > 0 && (
        <span className="text-xs text-muted">
          {t('{{fee}} per lot and night after {{count}} nights', { fee: `${decimal(group.swap_free_fee)} ${group.currency ?? ''}`.trim(), count: group.swap_free_days })}
        </span>
      )}
    </span>
  );
}

function Classes({ group }: { group: CustomerGroup }) {
  const { t } = useTranslation();
  const instruments = group.allowed_symbols.length > 0 && (
    <span className="block max-w-40 break-words text-xs text-muted" data-testid="group-instruments">
      {t('only {{list}}', { list: group.allowed_symbols.join(', ') })}
    </span>
  );
  if (group.allowed_classes.length === 0)
    return (
      <span>
        <span className="text-muted">{t('All')}</span>
        {instruments}
      </span>
    );
  return (
    <span>
      {group.allowed_classes.map((c) => t(categoryLabels[c])).join(', ')}
      {instruments}
    </span>
  );
}

const levels = (g: CustomerGroup) => `${decimal(g.margin_call_level)} % / ${decimal(g.stop_out_level)} %`;

type RowProps = { group: CustomerGroup; canEdit: boolean; onEdit: () => void; onDelete: () => void };

function Actions({ group, onEdit, onDelete, compact }: Omit<RowProps, 'canEdit'> & { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex justify-end gap-1">
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t('Edit {{name}}', { name: group.name })}>
        <Pencil className="size-3.5" aria-hidden /> {!compact && t('Edit')}
      </Button>
      {!group.is_default && (
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={t('Delete {{name}}', { name: group.name })}>
          <Trash2 className="size-3.5" aria-hidden />
        </Button>
      )}
    </span>
  );
}

function GroupName({ group }: { group: CustomerGroup }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col">
      <span className="flex items-center gap-2 font-medium">
        {group.name}
        {group.is_default && <span className="rounded bg-brand/15 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wider text-brand">{t('Default')}</span>}
      </span>
      {group.description && (
        <span className="max-w-36 truncate text-xs text-muted" title={group.description}>
          {group.description}
        </span>
      )}
    </span>
  );
}

function GroupTable({ groups, canEdit, onEdit, onDelete }: ListProps) {
  const { t } = useTranslation();
  // Ten columns beside the sidebar at 1280 px: compact cells, the actions as icons (named for screen readers).
  const th = 'px-2 py-2.5 text-start text-xs font-medium text-muted';
  const td = 'px-2 py-3';
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-line bg-panel lg:block">
      <table className="w-full text-sm" data-testid="groups-table">
        <thead className="border-b border-line bg-panel-2/50">
          <tr>
            <th scope="col" className={th}>{t('Name')}</th>
            <th scope="col" className={th}>{t('Costs')}</th>
            <th scope="col" className={th}>{t('Currency')}</th>
            <th scope="col" className={th}>{t('Leverage ceilings')}</th>
            <th scope="col" className={th}>{t('Swap-free')}</th>
            <th scope="col" className={th}>{t('Execution')}</th>
            <th scope="col" className={th}>{t('Margin call / stop-out')}</th>
            <th scope="col" className={th}>{t('Allowed classes')}</th>
            <th scope="col" className={`${th} text-end`}>{t('Accounts')}</th>
            {canEdit && <th scope="col" className={th}><span className="sr-only">{t('Actions')}</span></th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {groups.map((g) => (
            <tr key={g.id} data-testid="group-row" data-group={g.name} className="align-top">
              <th scope="row" className={`${td} text-start font-normal`}>
                <GroupName group={g} />
              </th>
              <td className={`${td} tabular-nums`}><Commission group={g} /></td>
              <td className={td}>{g.currency ?? '—'}</td>
              <td className={`${td} whitespace-nowrap tabular-nums`}><Leverage group={g} /></td>
              <td className={td}><SwapFree group={g} /></td>
              <td className={td}>{t(executionLabels[g.execution])}</td>
              <td className={`${td} whitespace-nowrap tabular-nums`}>{levels(g)}</td>
              <td className={td}><Classes group={g} /></td>
              <td className={`${td} text-end tabular-nums`} data-testid="group-accounts">{g.accounts}</td>
              {canEdit && (
                <td className="px-2 py-2">
                  <Actions group={g} compact onEdit={() => onEdit(g)} onDelete={() => onDelete(g)} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

/** Under 1024 px: a card per group, its terms as a list. */
function GroupCards({ groups, canEdit, onEdit, onDelete }: ListProps) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3 lg:hidden">
      {groups.map((g) => (
        <li key={g.id} className="rounded-xl border border-line bg-panel p-4" data-testid="group-card" data-group={g.name}>
          <div className="flex flex-wrap items-start gap-2">
            <h3 className="min-w-0 flex-1">
              <GroupName group={g} />
            </h3>
            {canEdit && <Actions group={g} onEdit={() => onEdit(g)} onDelete={() => onDelete(g)} />}
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm tabular-nums sm:grid-cols-4">
            <Fact label={t('Costs')}><Commission group={g} /></Fact>
            <Fact label={t('Currency')}>{g.currency ?? '—'}</Fact>
            <Fact label={t('Leverage ceilings')}><Leverage group={g} /></Fact>
            <Fact label={t('Swap-free')}><SwapFree group={g} /></Fact>
            <Fact label={t('Execution')}>{t(executionLabels[g.execution])}</Fact>
            <Fact label={t('Margin call / stop-out')}>{levels(g)}</Fact>
            <Fact label={t('Allowed classes')}><Classes group={g} /></Fact>
            <Fact label={t('Accounts')}>{g.accounts}</Fact>
          </dl>
        </li>
      ))}
    </ul>
  );
}

type ListProps = { groups: CustomerGroup[]; canEdit: boolean; onEdit: (g: CustomerGroup) => void; onDelete: (g: CustomerGroup) => void };

/**
 * Back office: the customer groups with their terms and how many accounts each holds. Staff read
 * them; admins create, edit and delete them (a group still holding accounts, and the default group,
 * are refused by the server).
 */
export function GroupsSection() {
  const { t } = useTranslation();
  const canEdit = useCanDecide();
  const groups = useGroups();
  const remove = useDeleteGroup();
  // The group the dialog edits; `null` inside creates one.
  const [editing, setEditing] = useState<{ group: CustomerGroup | null } | null>(null);
  const [deleting, setDeleting] = useState<CustomerGroup | null>(null);
  const confirmDelete = async (group: CustomerGroup) => {
    try {
      await remove.mutateAsync(group.id);
      toast.success(t('{{name}} deleted.', { name: group.name }));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not delete the group.')));
    } finally {
      setDeleting(null);
    }
  };
  return (
    <section aria-labelledby="groups-title" className="flex flex-col gap-4" data-testid="groups-section">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="groups-title" className="font-medium">
            {t('Customer groups')}
          </h2>
          <p className="text-sm text-muted">{t('Commission, leverage, swaps, execution and margin levels shared by the accounts of a group.')}</p>
        </div>
        {canEdit && (
          <Button size="sm" onClick={() => setEditing({ group: null })}>
            <Plus className="size-4" aria-hidden /> {t('New group')}
          </Button>
        )}
      </div>
      {!canEdit && <ReadOnlyNote>{t('Read only: an admin creates, changes and deletes groups and moves accounts between them.')}</ReadOnlyNote>}
      {groups.isPending ? (
        <div className="flex justify-center rounded-xl border border-line bg-panel py-12">
          <Spinner className="size-6" label={t('Loading the groups')} />
        </div>
      ) : groups.isError ? (
        <Alert variant="destructive" title={t('Could not load the groups')}>
          <span className="flex flex-wrap items-center gap-3">
            {errorMessage(groups.error, t('The server did not answer.'))}
            <Button size="sm" variant="secondary" onClick={() => void groups.refetch()}>
              {t('Retry')}
            </Button>
          </span>
        </Alert>
      ) : groups.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line bg-panel/50 px-6 py-12 text-center">
          <UsersRound className="size-8 text-muted" aria-hidden />
          <p className="font-medium">{t('No groups yet')}</p>
        </div>
      ) : (
        <>
          <GroupTable groups={groups.data} canEdit={canEdit} onEdit={(group) => setEditing({ group })} onDelete={setDeleting} />
          <GroupCards groups={groups.data} canEdit={canEdit} onEdit={(group) => setEditing({ group })} onDelete={setDeleting} />
          <PlanGroups groups={groups.data} canEdit={canEdit} />
        </>
      )}
      {editing && <GroupDialog group={editing.group} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('Delete {{name}}?', { name: deleting?.name ?? '' })}
        confirmLabel={t('Delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      >
        {deleting && deleting.accounts > 0
          ? t('{{count}} accounts still trade in this group: move them to another group first.', { count: deleting.accounts })
          : t('The group and its terms are removed. This cannot be undone.')}
      </ConfirmDialog>
    </section>
  );
}

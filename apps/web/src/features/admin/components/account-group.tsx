import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { AdminAccount } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { useCanDecide } from '@/hooks/use-can-decide';
import { errorMessage } from '@/lib/api-client';
import { useGroups, useMoveAccount } from '../api/dealing';

/**
 * The customer group a trading account trades in; an admin moves it to another group here (new
 * orders take that group's terms, open positions keep theirs; the server writes the audit entry).
 */
export function AccountGroup({ clientId, account }: { clientId: number; account: AdminAccount }) {
  const { t } = useTranslation();
  const canEdit = useCanDecide();
  const id = useId();
  if (!canEdit) {
    return (
      <p className="mt-1 text-xs text-muted" data-testid="account-group">
        {t('Group: {{name}}', { name: account.group_name })}
      </p>
    );
  }
  return <GroupPicker clientId={clientId} account={account} id={id} />;
}

function GroupPicker({ clientId, account, id }: { clientId: number; account: AdminAccount; id: string }) {
  const { t } = useTranslation();
  const groups = useGroups();
  const move = useMoveAccount(clientId);
  const [chosen, setChosen] = useState(account.group_id);
  // Until the list is in, the account's own group is the only choice.
  const options = groups.data ?? [{ id: account.group_id, name: account.group_name }];
  const save = async () => {
    try {
      const group = await move.mutateAsync({ accountId: account.id, groupId: chosen });
      toast.success(t('Account {{number}} moved to {{group}}: new orders take its terms.', { number: account.number, group: group.name }));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not move the account.')));
      setChosen(account.group_id);
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2" data-testid="account-group">
      <div className="flex min-w-0 flex-1 basis-40 flex-col gap-1">
        <label htmlFor={id} className="text-xs text-muted">
          {t('Group')}
        </label>
        <select
          id={id}
          value={chosen}
          onChange={(e) => setChosen(Number(e.target.value))}
          aria-label={t('Group of account {{number}}', { number: account.number })}
          className="h-9 w-full rounded-md border border-line bg-panel-2 px-2 text-sm text-fg focus:border-brand focus:outline-none"
        >
          {options.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <Button size="sm" variant="secondary" loading={move.isPending} disabled={chosen === account.group_id} onClick={() => void save()}>
        {t('Move')}
      </Button>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions, type AdminAccount, type AdminClient } from '@bourse/contract';
import { ReadOnlyNote } from '@/components/read-only-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCanDecide } from '@/hooks/use-can-decide';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/stores/session-store';
import { useClient, type ClientStatus } from '../api/clients';
import { formatDay } from '../lib/dates';
import { AccountGroup } from './account-group';
import { AccessActions, StatusActions } from './client-actions';
import { NotificationForm } from './notification-form';
import { OnlineDot, StatusBadge } from './status-badge';

/** Country label for a stored slug (either spelling), else the stored value. */
const countryLabel = (slug: string) => countryOptions.find((o) => o.value === slug.replace(/_/g, '-'))?.label ?? slug;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-line pt-4">
      <h3 className="mb-3 text-xs font-semibold uppercase tracking-wider text-muted">{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 truncate text-sm">{children}</dd>
    </div>
  );
}

/** Renders `children` with the client's trading accounts once they are loaded; loading and failure otherwise. */
export function WithAccounts({ id, children }: { id: number; children: (accounts: AdminAccount[]) => ReactNode }) {
  const { t } = useTranslation();
  const detail = useClient(id);
  if (detail.isPending) return <Spinner label={t('Loading the trading accounts')} />;
  if (detail.isError) {
    return (
      <Alert variant="destructive" title={t('Could not load the trading accounts')}>
        <Button size="sm" variant="secondary" onClick={() => void detail.refetch()}>
          {t('Retry')}
        </Button>
      </Alert>
    );
  }
  return <>{children(detail.data.accounts)}</>;
}

function Accounts({ clientId, accounts }: { clientId: number; accounts: AdminAccount[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {accounts.map((a) => (
        <li key={a.id} className="rounded-lg border border-line bg-panel-2/50 px-3 py-2.5" data-testid="client-account" data-number={a.number}>
          <p className="text-xs text-muted">
            {a.kind === 'demo' ? t('Demo') : t('Live')} · {a.number}
          </p>
          <p className="font-semibold tabular-nums">{formatMoney(a.balance, a.currency)}</p>
          <AccountGroup key={a.group_id} clientId={clientId} account={a} />
        </li>
      ))}
    </ul>
  );
}

/** What only an admin may do to a client: status, access and notifications. */
function Decisions({ client, status }: { client: AdminClient; status: ClientStatus }) {
  const { t } = useTranslation();
  const isSelf = useSession((s) => s.user?.id === client.id);
  return (
    <>
      <Section title={t('Account status')}>
        {isSelf ? <Alert>{t('You cannot change the status of your own account.')}</Alert> : <StatusActions id={client.id} name={client.name} status={status} />}
      </Section>
      <Section title={t('Access')}>
        <AccessActions id={client.id} name={client.name} customer={client.role === 'customer'} />
      </Section>
      <Section title={t('Send notification')}>
        <NotificationForm userId={client.id} />
      </Section>
    </>
  );
}

/** The client's profile and accounts, with the admin's actions or, for support staff, a read-only note. */
export function ClientOverview({ client, status }: { client: AdminClient; status: ClientStatus }) {
  const { t } = useTranslation();
  const canDecide = useCanDecide();
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Fact label={t('Account ID')}>
          <span className="font-mono text-xs">{client.account_id}</span>
        </Fact>
        <Fact label={t('Status')}>
          <StatusBadge status={status} />
        </Fact>
        <Fact label={t('Presence')}>
          <span className="inline-flex items-center gap-2">
            <OnlineDot online={client.is_online} /> {client.is_online ? t('Online') : t('Offline')}
          </span>
        </Fact>
        <Fact label={t('Phone')}>{client.phone || '—'}</Fact>
        <Fact label={t('Country')}>{client.country ? countryLabel(client.country) : '—'}</Fact>
        <Fact label={t('Joined')}>{formatDay(client.created_at)}</Fact>
      </dl>
      <Section title={t('Trading accounts')}>
        <WithAccounts id={client.id}>{(accounts) => <Accounts clientId={client.id} accounts={accounts} />}</WithAccounts>
      </Section>
      {canDecide ? (
        <Decisions client={client} status={status} />
      ) : (
        <ReadOnlyNote className="border-t border-line pt-4">
          {t('Read only: an admin approves, deactivates or reactivates the account, issues login links, signs the client out and sends notifications.')}
        </ReadOnlyNote>
      )}
    </div>
  );
}

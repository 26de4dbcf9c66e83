import type { ReactNode } from 'react';
import { format } from 'date-fns';
import { countryOptions, type AdminClient } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/stores/session-store';
import { useClient } from '../api/clients';
import { AccessActions, StatusActions } from './client-actions';
import { NotificationForm } from './notification-form';
import { OnlineDot, StatusBadge } from './status-badge';

/** Country label for a stored slug (either spelling), else the stored value. */
const countryLabel = (slug: string) => countryOptions.find((o) => o.value === slug.replace(/_/g, '-'))?.label ?? slug;

function Section({ title, children }: { title: string; children: ReactNode }) {
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

function Accounts({ id }: { id: number }) {
  const { data, isLoading, isError } = useClient(id);
  if (isLoading) return <Spinner />;
  if (isError || !data) return <p className="text-sm text-red-300">Could not load the trading accounts.</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {data.accounts.map((a) => (
        <li key={a.id} className="rounded-lg border border-line bg-panel-2/50 px-3 py-2.5">
          <p className="text-xs text-muted">
            {a.kind === 'demo' ? 'Demo' : 'Live'} · {a.number}
          </p>
          <p className="font-semibold tabular-nums">{formatMoney(a.balance, a.currency)}</p>
        </li>
      ))}
    </ul>
  );
}

/** A client's details with the back-office actions. */
export function ClientDetailDialog({ client, onClose }: { client: AdminClient | null; onClose: () => void }) {
  const detail = useClient(client?.id ?? null);
  const selfId = useSession((s) => s.user?.id);
  if (!client) return null;
  const status = detail.data?.status ?? client.status;
  const isSelf = client.id === selfId;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={client.name} description={client.email} className="max-w-2xl">
      <div className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Fact label="Account ID">
            <span className="font-mono text-xs">{client.account_id}</span>
          </Fact>
          <Fact label="Status">
            <StatusBadge status={status} />
          </Fact>
          <Fact label="Presence">
            <span className="inline-flex items-center gap-2">
              <OnlineDot online={client.is_online} /> {client.is_online ? 'Online' : 'Offline'}
            </span>
          </Fact>
          <Fact label="Phone">{client.phone || '—'}</Fact>
          <Fact label="Country">{client.country ? countryLabel(client.country) : '—'}</Fact>
          <Fact label="Joined">{format(new Date(client.created_at), 'MMM d, yyyy')}</Fact>
        </dl>
        <Section title="Trading accounts">
          <Accounts id={client.id} />
        </Section>
        <Section title="Account status">
          {isSelf ? (
            <Alert>You cannot change the status of your own account.</Alert>
          ) : (
            <StatusActions id={client.id} name={client.name} status={status} />
          )}
        </Section>
        <Section title="Access">
          <AccessActions id={client.id} name={client.name} />
        </Section>
        <Section title="Send notification">
          <NotificationForm userId={client.id} />
        </Section>
      </div>
    </Dialog>
  );
}

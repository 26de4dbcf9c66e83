import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { AdminClient } from '@bourse/contract';
import { Dialog } from '@/components/ui/dialog';
import { msg } from '@/i18n/i18n';
import { useClient } from '../api/clients';
import { ClientAppropriateness } from './client-appropriateness';
import { ClientAudit, ClientLedger } from './client-ledger';
import { ClientOverview, WithAccounts } from './client-overview';
import { ClientTrades } from './client-trades';

const tabs = [
  { value: 'overview', label: msg('Overview') },
  { value: 'trades', label: msg('Trades') },
  { value: 'ledger', label: msg('Ledger') },
  { value: 'history', label: msg('History') },
  { value: 'appropriateness', label: msg('Appropriateness') },
] as const;

const trigger =
  'relative -mb-px inline-flex h-10 shrink-0 items-center whitespace-nowrap border-b-2 border-transparent px-3 text-sm text-muted transition-colors hover:text-fg focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand data-[state=active]:border-brand data-[state=active]:text-fg';

/** A client's details in tabs: profile and actions, trades, ledger and audit history. */
export function ClientDetailDialog({ client, onClose }: { client: AdminClient | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useClient(client?.id ?? null);
  if (!client) return null;
  const status = detail.data?.status ?? client.status;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={client.name} description={client.email} className="h-[90vh] max-w-4xl!">
      <Tabs.Root defaultValue="overview" className="flex min-w-0 flex-col gap-4">
        <Tabs.List aria-label={t('Client details')} className="flex overflow-x-auto border-b border-line">
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={trigger}>
              {t(tab.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="min-w-0 focus-visible:outline-none">
          <ClientOverview client={client} status={status} />
        </Tabs.Content>
        <Tabs.Content value="trades" className="min-w-0 focus-visible:outline-none">
          <WithAccounts id={client.id}>{(accounts) => <ClientTrades userId={client.id} accounts={accounts} />}</WithAccounts>
        </Tabs.Content>
        <Tabs.Content value="ledger" className="min-w-0 focus-visible:outline-none">
          <WithAccounts id={client.id}>{(accounts) => <ClientLedger userId={client.id} accounts={accounts} />}</WithAccounts>
        </Tabs.Content>
        <Tabs.Content value="history" className="min-w-0 focus-visible:outline-none">
          <ClientAudit userId={client.id} />
        </Tabs.Content>
        <Tabs.Content value="appropriateness" className="min-w-0 focus-visible:outline-none">
          <ClientAppropriateness userId={client.id} />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  );
}

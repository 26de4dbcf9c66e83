import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { CandlestickChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdminTradeList, TradingAccount } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { msg } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useClientTrades } from '../api/client-trades';
import { AccountSelect, firstAccountId } from './account-select';
import { Pagination } from './pagination';
import { ClientTradesTable } from './client-trades-table';

// `short` names the tab on a phone, where the three full names do not fit side by side.
const lists: { value: AdminTradeList; label: string; short: string; empty: string; loading: string; failed: string; pages: string }[] = [
  {
    value: 'open',
    label: msg('Open positions'),
    short: msg('Open'),
    empty: msg('No open positions'),
    loading: msg('Loading the open positions'),
    failed: msg('Failed to load the open positions'),
    pages: msg('Pages of open positions'),
  },
  {
    value: 'pending',
    label: msg('Pending orders'),
    short: msg('Pending'),
    empty: msg('No pending orders'),
    loading: msg('Loading the pending orders'),
    failed: msg('Failed to load the pending orders'),
    pages: msg('Pages of pending orders'),
  },
  {
    value: 'closed',
    label: msg('Closed trades'),
    short: msg('Closed'),
    empty: msg('No closed trades'),
    loading: msg('Loading the closed trades'),
    failed: msg('Failed to load the closed trades'),
    pages: msg('Pages of closed trades'),
  },
];

/** "3 open positions": how many trades the list holds. */
function countOf(t: TFunction, list: AdminTradeList, count: number): string {
  if (list === 'open') return t('{{count}} open positions', { count });
  if (list === 'pending') return t('{{count}} pending orders', { count });
  return t('{{count}} closed trades', { count });
}

function Empty({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-line px-4 py-10 text-center">
      <CandlestickChart className="size-7 text-muted" aria-hidden />
      <p className="text-sm font-medium">{text}</p>
      <p className="text-xs text-muted">{t('Nothing in this list for this account.')}</p>
    </div>
  );
}

/** One list of one account, a page at a time; remounted (page 1) when the account or list changes. */
function TradesPanel({ userId, account, list }: { userId: number; account: TradingAccount; list: (typeof lists)[number] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const trades = useClientTrades({ userId, accountId: account.id, list: list.value, page });
  if (trades.isPending) {
    return (
      <div className="flex justify-center rounded-lg border border-line py-10">
        <Spinner label={t(list.loading)} />
      </div>
    );
  }
  if (trades.isError) {
    return (
      <Alert variant="destructive" title={t(list.failed)}>
        <span className="flex flex-wrap items-center gap-3">
          {errorMessage(trades.error, t('The server did not answer.'))}
          <Button size="sm" variant="secondary" onClick={() => void trades.refetch()}>
            {t('Retry')}
          </Button>
        </span>
      </Alert>
    );
  }
  const { data, meta } = trades.data;
  if (meta.total === 0) return <Empty text={t(list.empty)} />;
  return (
    <div className={cn('flex flex-col gap-2', trades.isFetching && 'opacity-80 transition-opacity')}>
      <ClientTradesTable list={list.value} label={t(list.label)} trades={data} currency={account.currency} />
      <p className="text-xs text-muted">
        {countOf(t, list.value, meta.total)}
        {list.value === 'open' && ` · ${t('P&L at the server\u2019s current prices')}`}
      </p>
      <Pagination page={page} perPage={meta.per_page} total={meta.total} onPage={setPage} label={t(list.pages)} />
    </div>
  );
}

const trigger =
  'inline-flex h-9 shrink-0 items-center whitespace-nowrap rounded-md px-3 text-sm text-muted transition-colors hover:text-fg focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand data-[state=active]:bg-brand/15 data-[state=active]:text-brand';

/** A client's open positions, pending orders and closed trades, per trading account. */
export function ClientTrades({ userId, accounts }: { userId: number; accounts: TradingAccount[] }) {
  const { t } = useTranslation();
  const [accountId, setAccountId] = useState(firstAccountId(accounts));
  const account = accounts.find((a) => a.id === accountId);
  if (!account) return <p className="text-sm text-muted">{t('No trading accounts.')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <AccountSelect accounts={accounts} value={accountId} onChange={setAccountId} className="sm:max-w-sm" />
      <Tabs.Root defaultValue="open" className="flex min-w-0 flex-col gap-3">
        <Tabs.List aria-label={t('Trades')} className="flex gap-1 overflow-x-auto rounded-lg border border-line bg-panel-2/40 p-1">
          {lists.map((l) => (
            <Tabs.Trigger key={l.value} value={l.value} className={trigger}>
              <span className="sm:hidden">{t(l.short)}</span>
              <span className="hidden sm:inline">{t(l.label)}</span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {lists.map((l) => (
          <Tabs.Content key={l.value} value={l.value} className="min-w-0 focus-visible:outline-none">
            <TradesPanel key={account.id} userId={userId} account={account} list={l} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

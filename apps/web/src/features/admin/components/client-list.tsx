import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminClient } from '@bourse/contract';
import { formatMoney } from '@/lib/format';
import { formatDay } from '../lib/dates';
import { OnlineDot, StatusBadge } from './status-badge';

type Props = { clients: AdminClient[]; onOpen: (client: AdminClient) => void };

function RoleTag({ client }: { client: AdminClient }) {
  const { t } = useTranslation();
  if (client.role === 'customer') return null;
  return <span className="rounded bg-brand/15 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wider text-brand">{client.role === 'admin' ? t('Admin') : t('Support')}</span>;
}

/** The client's live and demo money apart, each summed per currency; a dash where they hold none of that kind. */
function Balances({ client, className }: { client: AdminClient; className?: string }) {
  const { t } = useTranslation();
  const of = (kind: 'live' | 'demo') => {
    const sums = client.balances.filter((b) => b.kind === kind);
    return sums.length ? sums.map((b) => formatMoney(b.amount, b.currency)).join(' · ') : '—';
  };
  return (
    <span className={className} data-testid="client-balances">
      <span className="block whitespace-nowrap">
        <span className="text-muted">{t('Live')}</span> <span className="font-medium tabular-nums">{of('live')}</span>
      </span>
      <span className="block whitespace-nowrap text-xs text-muted">
        {t('Demo')} <span className="tabular-nums">{of('demo')}</span>
      </span>
    </span>
  );
}

/** Wide screens: a table; each name opens the client's details. */
function ClientTable({ clients, onOpen }: Props) {
  const { t } = useTranslation();
  const th = 'px-4 py-3 text-start text-xs font-semibold uppercase tracking-wider text-muted';
  return (
    <div className="hidden overflow-hidden rounded-xl border border-line bg-panel md:block">
      <table className="w-full text-sm">
        <thead className="border-b border-line bg-panel-2/50">
          <tr>
            <th className={th}>{t('Name')}</th>
            <th className={th}>{t('Email')}</th>
            <th className={th}>{t('Account ID')}</th>
            <th className={th}>{t('Status')}</th>
            <th className={`${th} text-end`}>{t('Balance')}</th>
            <th className={th}>{t('Joined')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {clients.map((c) => (
            <tr key={c.id} className="cursor-pointer transition-colors hover:bg-panel-2/60" onClick={() => onOpen(c)} data-testid={`client-row-${c.id}`}>
              <td className="px-4 py-3">
                <span className="flex items-center gap-2.5">
                  <OnlineDot online={c.is_online} />
                  <button
                    type="button"
                    className="font-medium hover:text-brand hover:underline"
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(c);
                    }}
                  >
                    {c.name}
                  </button>
                  <RoleTag client={c} />
                </span>
              </td>
              <td className="max-w-64 truncate px-4 py-3 text-muted">{c.email}</td>
              <td className="px-4 py-3 font-mono text-xs">{c.account_id}</td>
              <td className="px-4 py-3">
                <StatusBadge status={c.status} />
              </td>
              <td className="px-4 py-3 text-end">
                <Balances client={c} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-muted">{formatDay(c.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Small screens: one card per client. */
function ClientCards({ clients, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {clients.map((c) => (
        <li key={c.id}>
          <button type="button" onClick={() => onOpen(c)} className="flex w-full items-center gap-3 rounded-xl border border-line bg-panel p-4 text-start hover:bg-panel-2/60" aria-label={c.name}>
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2">
                <OnlineDot online={c.is_online} />
                <span className="truncate font-medium">{c.name}</span>
                <RoleTag client={c} />
              </p>
              <p className="mt-0.5 truncate text-xs text-muted">{c.email}</p>
              <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs">
                <StatusBadge status={c.status} />
                <span className="font-mono text-muted">{c.account_id}</span>
                <Balances client={c} className="basis-full" />
                <span className="text-muted">{t('Joined {{date}}', { date: formatDay(c.created_at) })}</span>
              </div>
            </div>
            <ChevronRight className="size-4 shrink-0 text-muted rtl:rotate-180" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ClientList(props: Props) {
  return (
    <>
      <ClientTable {...props} />
      <ClientCards {...props} />
    </>
  );
}

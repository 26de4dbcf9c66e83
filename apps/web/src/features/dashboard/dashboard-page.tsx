import { Link } from 'react-router';
import { CandlestickChart, MessageCircle, Wallet } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { formatMoney } from '@/lib/format';
import { useSelectedAccount, useSession } from '@/stores/session-store';

/** The client's home: the selected account and the ways into the platform. */
export function DashboardPage() {
  const user = useSession((s) => s.user);
  const account = useSelectedAccount();
  if (!user) return null;
  const shortcuts = [
    { to: '/mt4', label: 'Open the trading room', text: 'Live prices, charts and one-click orders.', Icon: CandlestickChart },
    { to: '/main/accounts', label: 'Your accounts', text: 'Switch between demo and live accounts.', Icon: Wallet },
    { to: '/main/chat', label: 'Talk to support', text: 'Our team answers in the chat.', Icon: MessageCircle },
  ];
  return (
    <>
      <PageHeader title={`Welcome, ${user.first_name}`} description={`Client ID ${user.account_id}`} />
      {user.status === 'pending' && (
        <Alert variant="warning" title="Account under review" className="mb-6">
          The Client Management Team is reviewing your account. You can trade on your demo account meanwhile.
        </Alert>
      )}
      <section className="mb-6 rounded-xl border border-line bg-panel p-5">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">{account?.title ?? 'Account'}</p>
        <p className="mt-2 text-3xl font-semibold tabular-nums">{formatMoney(account?.balance ?? user.balance, account?.currency)}</p>
        <p className="mt-1 text-sm text-muted">Balance · {user.account_type.title} plan</p>
      </section>
      <ul className="grid gap-4 md:grid-cols-3">
        {shortcuts.map(({ to, label, text, Icon }) => (
          <li key={to}>
            <Link to={to} className="flex h-full flex-col gap-2 rounded-xl border border-line bg-panel p-5 hover:border-brand">
              <Icon className="size-6 text-brand" aria-hidden />
              <span className="font-medium">{label}</span>
              <span className="text-sm text-muted">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { CreditCard } from 'lucide-react';
import { accountUsable, cryptoCoins, cryptoSlug, type CryptoSlug } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useSession } from '@/stores/session-store';
import { useDepositOptions } from './api/money';
import { CardDeposit } from './components/card-deposit';
import { CryptoDeposit } from './components/crypto-deposit';
import { DemoTopUp } from './components/demo-top-up';
import { MoneyRequestList } from './components/money-request-list';
import { SourceOfFundsPanel } from './components/source-of-funds-panel';
import { LoadError } from '@/components/load-error';

function MethodTabs({ active }: { active: CryptoSlug | 'card' }) {
  const { t } = useTranslation();
  const tab = (on: boolean) => cn('shrink-0 rounded-md px-3 py-2 text-sm font-medium', on ? 'bg-brand/15 text-fg' : 'text-muted hover:bg-panel-2 hover:text-fg');
  return (
    <nav aria-label={t('Deposit method')} className="mb-5 flex gap-1 overflow-x-auto rounded-lg border border-line bg-panel p-1">
      {cryptoCoins.map((c) => (
        <Link key={c.slug} to={`/main/deposit/${c.slug}`} className={tab(active === c.slug)} aria-current={active === c.slug ? 'page' : undefined}>
          {c.label}
        </Link>
      ))}
      <Link to="/main/deposit/card" className={cn(tab(active === 'card'), 'flex items-center gap-1.5')} aria-current={active === 'card' ? 'page' : undefined}>
        <CreditCard className="size-4" aria-hidden /> {t('Card')}
      </Link>
    </nav>
  );
}

/** SPEC /main/deposit/{crypto}, /main/deposit/{crypto}/{walletId} and /main/deposit/card. */
export function DepositPage({ method }: { method?: 'card' }) {
  const { t } = useTranslation();
  const params = useParams();
  const accounts = useSession((s) => s.user?.accounts) ?? [];
  const options = useDepositOptions();
  const slug = cryptoSlug.safeParse(params.crypto);
  if (method !== 'card' && !slug.success) return <Navigate to="/main/deposit/bitcoin" replace />;
  const active = method === 'card' ? 'card' : slug.data!;
  const live = accounts.filter((a) => a.kind === 'live' && accountUsable(a));
  const awaiting = accounts.some((a) => a.kind === 'live' && a.status === 'pending');
  const demo = accounts.filter((a) => a.kind === 'demo');

  let body: React.ReactNode;
  if (options.isPending) {
    body = (
      <p className="flex items-center gap-2 p-6 text-sm text-muted">
        <Spinner className="size-4" /> {t('Loading payment methods...')}
      </p>
    );
  } else if (options.isError) {
    body = (
      <LoadError text={t('Payment methods could not be loaded.')} onRetry={() => void options.refetch()} className="flex flex-col items-start gap-3 rounded-xl border border-line bg-panel p-5 text-sm text-muted" />
    );
  } else if (live.length === 0) {
    body = (
      <p className="rounded-xl border border-line bg-panel p-5 text-sm text-muted">
        {awaiting
          ? t('Your live account is awaiting approval. You can deposit once the Client Management Team approves it.')
          : t('You have no live account yet. Open one on the Accounts page.')}
      </p>
    );
  } else if (active === 'card') {
    body = options.data.card_provider ? (
      <CardDeposit accounts={live} provider={options.data.card_provider} />
    ) : (
      <p className="rounded-xl border border-line bg-panel p-5 text-sm text-muted">{t('Card payments are not available. Choose a crypto method.')}</p>
    );
  } else {
    const wallets = options.data.wallets.filter((w) => w.crypto === active);
    const wallet = wallets.find((w) => String(w.id) === params.walletId) ?? wallets[0];
    body = !wallet ? (
      <p className="rounded-xl border border-line bg-panel p-5 text-sm text-muted">{t('No address is set up for this coin yet. Choose another method or ask support.')}</p>
    ) : (
      <>
        {wallets.length > 1 && (
          <nav aria-label={t('Deposit address')} className="mb-3 flex flex-wrap gap-2 text-sm">
            {wallets.map((w, i) => (
              <Link key={w.id} to={`/main/deposit/${active}/${w.id}`} className={cn('rounded-md border px-3 py-1', w.id === wallet.id ? 'border-brand text-brand' : 'border-line text-muted')}>
                {t('Address {{number}}', { number: i + 1 })}
              </Link>
            ))}
          </nav>
        )}
        <CryptoDeposit key={wallet.id} slug={active} wallet={wallet} accounts={live} rate={options.data.usd_rates[active] ?? null} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('Deposit')} description={t('Fund your live account by crypto or card.')} />
      <MethodTabs active={active} />
      {live.length > 0 && <SourceOfFundsPanel currency={live[0]!.currency} />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">{body}</div>
        <div className="flex min-w-0 flex-col gap-6">
          {demo.length > 0 && <DemoTopUp accounts={demo} />}
          <MoneyRequestList kind="deposit" title={t('Your deposits')} />
        </div>
      </div>
    </>
  );
}

export const CardDepositPage = () => <DepositPage method="card" />;

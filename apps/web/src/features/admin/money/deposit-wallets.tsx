import { useState } from 'react';
import { Plus, Wallet } from 'lucide-react';
import { Switch } from 'radix-ui';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { cryptoCoins, type DepositWallet } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useDepositWallets, useSaveWallet } from '../api/money-admin';
import { WalletFormDialog } from './wallet-form-dialog';

function WalletRow({ wallet, canEdit, onEdit }: { wallet: DepositWallet; canEdit: boolean; onEdit: () => void }) {
  const { t } = useTranslation();
  const save = useSaveWallet();
  const toggle = (enabled: boolean) =>
    save.mutate(
      { id: wallet.id, input: { crypto: wallet.crypto, address: wallet.address, min_amount: Number(wallet.min_amount), enabled } },
      {
        onSuccess: () => toast.success(enabled ? t('Wallet enabled: customers see it.') : t('Wallet disabled: customers no longer see it.')),
        onError: (error) => toast.error(errorMessage(error, t('Could not change the wallet.'))),
      },
    );
  return (
    <li data-testid="deposit-wallet" className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-mono text-sm break-all">{wallet.address}</p>
        <p className="mt-0.5 text-xs text-muted">{t('Minimum {{amount}}', { amount: formatMoney(wallet.min_amount) })}</p>
      </div>
      <div className="flex items-center gap-4">
        {canEdit ? (
          <>
            <div className="flex items-center gap-2 text-sm">
              <span aria-hidden className={wallet.enabled ? '' : 'text-muted'}>
                {wallet.enabled ? t('Enabled') : t('Disabled')}
              </span>
              <Switch.Root
                checked={wallet.enabled}
                onCheckedChange={toggle}
                disabled={save.isPending}
                aria-label={t('Customers can send to {{address}}', { address: wallet.address })}
                className="relative h-6 w-11 shrink-0 rounded-full bg-line transition-colors disabled:opacity-60 data-[state=checked]:bg-brand"
              >
                <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[22px]" />
              </Switch.Root>
            </div>
            <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t('Edit wallet {{address}}', { address: wallet.address })}>
              {t('Edit')}
            </Button>
          </>
        ) : (
          <span className="text-xs text-muted">{wallet.enabled ? t('Enabled') : t('Disabled')}</span>
        )}
      </div>
    </li>
  );
}

/** The operator's receiving addresses, per coin: what customers send crypto deposits to. */
export function DepositWallets({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const wallets = useDepositWallets();
  const [editing, setEditing] = useState<DepositWallet | 'new' | null>(null);
  return (
    <section aria-labelledby="wallets-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="wallets-title" className="text-lg font-semibold">
            {t('Receiving wallets')}
          </h2>
          <p className="text-sm text-muted">{t('Addresses customers send crypto deposits to. A disabled wallet is hidden from them.')}</p>
        </div>
        {canEdit && (
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden /> {t('Add wallet')}
          </Button>
        )}
      </div>
      {wallets.isPending && <Spinner label={t('Loading the wallets')} />}
      {wallets.isError && (
        <Alert variant="destructive" title={t('Failed to load the wallets')}>
          <span className="flex flex-wrap items-center gap-3">
            {errorMessage(wallets.error, t('The server did not answer.'))}
            <Button size="sm" variant="secondary" onClick={() => void wallets.refetch()}>
              {t('Retry')}
            </Button>
          </span>
        </Alert>
      )}
      {wallets.data && (
        <div className="grid gap-4 xl:grid-cols-2">
          {cryptoCoins.map((coin) => {
            const mine = wallets.data.filter((w) => w.crypto === coin.slug);
            return (
              <section key={coin.slug} aria-label={coin.label} className="rounded-xl border border-line bg-panel px-4 pt-3 pb-1">
                <h3 className="flex items-start gap-2 text-sm font-semibold">
                  <Wallet className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
                  <span>
                    {coin.label} <span className="font-normal whitespace-nowrap text-muted">· {coin.network}</span>
                  </span>
                </h3>
                {mine.length === 0 ? (
                  <p className="py-3 text-sm text-muted">{t('No wallet: customers cannot deposit {{coin}} on this network.', { coin: coin.coin })}</p>
                ) : (
                  <ul className="divide-y divide-line">
                    {mine.map((w) => (
                      <WalletRow key={w.id} wallet={w} canEdit={canEdit} onEdit={() => setEditing(w)} />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      {editing && <WalletFormDialog wallet={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

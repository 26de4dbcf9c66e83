import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { Copy, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { coinOf, cryptoDepositInput, type CryptoSlug, type DepositWallet, type TradingAccount } from '@bourse/contract';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { formatMoney } from '@/lib/format';
import { useMoneyCall } from '../api/money';
import { showServerError } from '@/lib/server-errors';
import { AccountSelect } from '@/components/account-select';

type Input = z.input<typeof cryptoDepositInput>;
type Values = z.output<typeof cryptoDepositInput>;

function AddressCard({ wallet, slug }: { wallet: DepositWallet; slug: CryptoSlug }) {
  const { t } = useTranslation();
  const coin = coinOf(slug);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(wallet.address);
      toast.success(t('Address copied'));
    } catch {
      toast.error(t('Copy failed: select the address and copy it by hand.'));
    }
  };
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-line bg-panel p-5 sm:flex-row sm:items-start">
      <div className="rounded-lg bg-white p-3">
        <QRCodeSVG value={wallet.address} size={152} aria-label={t('QR code of the {{coin}} address', { coin: coin.label })} role="img" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wider text-muted uppercase">{t('{{coin}} deposit address', { coin: coin.label })}</p>
          <p className="mt-1 font-mono text-sm break-all" data-testid="deposit-address">
            {wallet.address}
          </p>
        </div>
        <Button size="sm" variant="secondary" className="self-start" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden /> {t('Copy address')}
        </Button>
        <p className="flex gap-2 rounded-md bg-amber-500/10 p-3 text-xs text-amber-200">
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          {t('Send only {{coin}} on the {{network}} network to this address. Other coins or networks cannot be recovered.', { coin: coin.coin, network: coin.network })}
        </p>
        <p className="text-xs text-muted">{t('Minimum deposit: {{amount}}', { amount: formatMoney(wallet.min_amount) })}</p>
      </div>
    </div>
  );
}

/** SPEC /main/deposit/{crypto}: the operator's address with a QR code, then the customer reports what they sent. */
export function CryptoDeposit({ slug, wallet, accounts, rate }: { slug: CryptoSlug; wallet: DepositWallet; accounts: TradingAccount[]; rate: number | null }) {
  // One key per report: a doubled click submits once; the next report gets a new one.
  const { t } = useTranslation();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const submit = useMoneyCall<Values>('/deposits/crypto');
  const coin = coinOf(slug);
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<Input, unknown, Values>({
    resolver: zodResolver(cryptoDepositInput),
    defaultValues: { account_id: accounts[0]?.id, wallet_id: wallet.id, tx_hash: '' },
  });
  const coins = Number(watch('coin_amount'));
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await submit.mutateAsync({ body: { ...values, wallet_id: wallet.id }, key });
      toast.success(res.message ?? t('Deposit submitted'));
      reset({ account_id: values.account_id, wallet_id: wallet.id, tx_hash: '' });
      setKey(crypto.randomUUID());
    } catch (error) {
      showServerError(error, setError, ['account_id', 'coin_amount', 'tx_hash'], t('Could not submit the deposit'));
    }
  });
  return (
    <div className="flex flex-col gap-5">
      <AddressCard wallet={wallet} slug={slug} />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5" aria-label={t('Report your deposit')}>
        <h2 className="text-sm font-semibold">{t('After you have sent it')}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <AccountSelect accounts={accounts} error={formState.errors.account_id?.message} {...register('account_id', { valueAsNumber: true })} />
          <div className="flex flex-col gap-1">
            <TextField
              label={t('Amount sent ({{coin}})', { coin: coin.coin })}
              type="number"
              inputMode="decimal"
              step="0.00000001"
              min={0}
              error={formState.errors.coin_amount?.message}
              {...register('coin_amount', { valueAsNumber: true })}
            />
            <p className="text-xs text-muted" data-testid="coin-value">
              {rate === null
                ? t('The current rate is not available; we value your deposit when it arrives.')
                : t('≈ {{value}} at the current rate (1 {{coin}} = {{rate}}). Credited at our rate when it is confirmed.', {
                    value: formatMoney(Number.isFinite(coins) && coins > 0 ? Math.floor(coins * rate * 100) / 100 : 0),
                    coin: coin.coin,
                    rate: formatMoney(rate),
                  })}
            </p>
          </div>
        </div>
        <TextField label={t('Transaction hash')} placeholder={t('0x… or 64 hexadecimal characters')} autoComplete="off" spellCheck={false} error={formState.errors.tx_hash?.message} {...register('tx_hash')} />
        <Button type="submit" loading={submit.isPending} className="self-start">
          {t('Submit deposit')}
        </Button>
        <p className="text-xs text-muted">{t('Your account is credited once our team sees the transaction confirmed on the network.')}</p>
      </form>
    </div>
  );
}

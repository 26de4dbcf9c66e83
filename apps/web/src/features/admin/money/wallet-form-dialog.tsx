import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { cryptoCoins, type DepositWallet, depositWalletInput } from '@bourse/contract';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { SwitchField } from '@/components/settings-controls';
import { useSaveWallet } from '../api/money-admin';

type Input = z.input<typeof depositWalletInput>;
type Output = z.output<typeof depositWalletInput>;

/** Adds a receiving wallet, or edits one; the address must fit the chosen network. */
export function WalletFormDialog({ wallet, onClose }: { wallet: DepositWallet | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveWallet();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(depositWalletInput),
    defaultValues: wallet
      ? { crypto: wallet.crypto, address: wallet.address, min_amount: Number(wallet.min_amount), enabled: wallet.enabled }
      : { crypto: 'bitcoin', address: '', min_amount: 50, enabled: true },
  });
  const { errors } = form.formState;
  const crypto = form.watch('crypto');
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: wallet?.id, input });
      toast.success(wallet ? t('Wallet saved') : t('Wallet added'));
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? (['address', 'min_amount', 'crypto'] as const).find((f) => error.field(f)) : undefined;
      // A duplicate address is a conflict about the address itself: it belongs on that field too.
      if (field) form.setError(field, { message: (error as ApiError).field(field) });
      else if (error instanceof ApiError && error.status === 409) form.setError('address', { message: errorMessage(error, error.message) });
      else toast.error(errorMessage(error, t('Could not save the wallet.')));
    }
  });
  const coin = cryptoCoins.find((c) => c.slug === crypto);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={wallet ? t('Edit wallet') : t('Add wallet')} className="max-w-md">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={wallet ? t('Edit wallet') : t('Add wallet')} className="flex flex-col gap-4">
        <SelectField label={t('Coin and network')} error={errors.crypto?.message} {...form.register('crypto')}>
          {cryptoCoins.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.label} ({c.network})
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('Address')}
          autoComplete="off"
          spellCheck={false}
          hint={coin ? t('A {{network}} address. Customers send {{coin}} here.', { network: coin.network, coin: coin.coin }) : undefined}
          error={errors.address?.message}
          {...form.register('address')}
        />
        <TextField
          label={t('Minimum deposit (USD)')}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          error={errors.min_amount?.message}
          {...form.register('min_amount', { valueAsNumber: true })}
        />
        <SwitchField
          label={t('Enabled')}
          description={t('Customers see only enabled wallets.')}
          checked={form.watch('enabled') ?? true}
          onChange={(v) => form.setValue('enabled', v, { shouldDirty: true })}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {wallet ? t('Save wallet') : t('Add wallet')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

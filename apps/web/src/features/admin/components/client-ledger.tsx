import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { type AuditEntry, balanceAdjustmentInput, type LedgerEntry, type TradingAccount } from '@bourse/contract';
import type { z } from 'zod';
import { DateTime } from '@/components/date-time';
import { Button } from '@/components/ui/button';
import { ReadOnlyNote } from '@/components/read-only-note';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useCanDecide } from '@/hooks/use-can-decide';
import { errorMessage, http } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { clientKeys } from '../api/clients';
import { useCatalogue } from '../api/marketplace-admin';
import { actionText, actorRoles, detailsText } from '../lib/audit-text';
import { ledgerKindText } from '@/i18n/ledger-kind';
import { referenceText } from '../lib/ledger-text';
import { AccountSelect, firstAccountId } from './account-select';

type AdjustInput = z.input<typeof balanceAdjustmentInput>;
type AdjustValues = z.output<typeof balanceAdjustmentInput>;
const ledgerKey = (userId: number, accountId: number) => [...clientKeys.all, 'ledger', userId, accountId] as const;

function AdjustForm({ userId, account }: { userId: number; account: TradingAccount }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const adjust = useMutation({
    mutationFn: (body: AdjustValues) => http.post<{ balance: string }>(`/admin/accounts/${account.id}/adjust`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ledgerKey(userId, account.id) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.detail(userId) });
      void queryClient.invalidateQueries({ queryKey: [...clientKeys.all, 'audit', userId] });
    },
  });
  const { register, handleSubmit, formState, reset } = useForm<AdjustInput, unknown, AdjustValues>({ resolver: zodResolver(balanceAdjustmentInput) });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await adjust.mutateAsync(values);
      toast.success(t('Balance is now {{balance}}', { balance: formatMoney(res.balance, account.currency) }));
      reset({ reason: '' });
    } catch (error) {
      toast.error(errorMessage(error, t('The adjustment failed')));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('Adjust balance')} className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-start">
      <TextField label={t('Amount (− to debit)')} type="number" step="0.01" error={formState.errors.amount?.message} {...register('amount', { valueAsNumber: true })} />
      <TextField label={t('Reason')} error={formState.errors.reason?.message} {...register('reason')} />
      <Button type="submit" variant="secondary" loading={adjust.isPending} className="sm:mt-7">
        {t('Post')}
      </Button>
    </form>
  );
}

/** A customer's journal per account, with manual credits and debits (admins only). */
export function ClientLedger({ userId, accounts }: { userId: number; accounts: TradingAccount[] }) {
  const { t } = useTranslation();
  const canAdjust = useCanDecide();
  const [accountId, setAccountId] = useState(firstAccountId(accounts));
  const account = accounts.find((a) => a.id === accountId);
  const catalogue = useCatalogue();
  const itemName = (id: number) => catalogue.data?.find((i) => i.id === id)?.name;
  const ledger = useQuery({
    queryKey: ledgerKey(userId, accountId ?? 0),
    queryFn: async () => (await http.get<{ data: LedgerEntry[] }>(`/admin/clients/${userId}/ledger?account_id=${accountId}`)).data,
    enabled: accountId !== undefined,
  });
  if (!account) return <p className="text-sm text-muted">{t('No trading accounts.')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <AccountSelect accounts={accounts} value={accountId} onChange={setAccountId} />
      {canAdjust ? <AdjustForm key={account.id} userId={userId} account={account} /> : <ReadOnlyNote>{t('Read only: an admin posts manual credits and debits.')}</ReadOnlyNote>}
      {ledger.isPending ? (
        <Spinner />
      ) : ledger.isError ? (
        <p className="text-sm text-red-300">{t('Could not load the ledger.')}</p>
      ) : ledger.data.length === 0 ? (
        <p className="text-sm text-muted">{t('No entries yet.')}</p>
      ) : (
        <ul className="max-h-64 divide-y divide-line overflow-y-auto rounded-lg border border-line" aria-label={t('Ledger')}>
          {ledger.data.map((e) => (
            <li key={e.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm" data-testid="ledger-entry">
              <div className="min-w-0">
                <p className="font-medium">{ledgerKindText(e.kind, t)}</p>
                <p className="truncate text-xs text-muted">
                  {referenceText(e.reference, t, itemName)} · <DateTime iso={e.created_at} withYear />
                </p>
              </div>
              <div className="text-end tabular-nums">
                <p className={cn('font-medium', Number(e.amount) < 0 ? 'text-down' : 'text-up')}>{formatMoney(e.amount, account.currency)}</p>
                <p className="text-xs text-muted">{formatMoney(e.balance_after, account.currency)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Who did what about this customer, newest first (the append-only audit log). */
export function ClientAudit({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const audit = useQuery({
    queryKey: [...clientKeys.all, 'audit', userId],
    queryFn: async () => (await http.get<{ data: AuditEntry[] }>(`/admin/audit?user_id=${userId}&limit=100`)).data,
  });
  if (audit.isPending) return <Spinner />;
  if (audit.isError) return <p className="text-sm text-red-300">{t('Could not load the history.')}</p>;
  if (audit.data.length === 0) return <p className="text-sm text-muted">{t('Nothing recorded yet.')}</p>;
  return (
    <ul className="max-h-64 divide-y divide-line overflow-y-auto rounded-lg border border-line" aria-label={t('Audit history')}>
      {audit.data.map((e) => (
        <li key={e.id} className="px-3 py-2 text-sm" data-testid="audit-entry">
          <p className="font-medium">{actionText(e.action, t)}</p>
          <p className="text-xs text-muted">
            {t(actorRoles[e.actor_role])}
            {e.actor_id === null ? '' : ` #${e.actor_id}`} · <DateTime iso={e.created_at} withYear />
            {detailsText(e, t).map((line) => ` · ${line}`)}
          </p>
        </li>
      ))}
    </ul>
  );
}

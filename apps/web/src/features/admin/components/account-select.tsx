import { useTranslation } from 'react-i18next';
import type { TradingAccount } from '@bourse/contract';
import { SelectField } from '@/components/ui/field';
import { formatMoney } from '@/lib/format';

/** The account staff look at first: the client's live account, else their first. */
export const firstAccountId = (accounts: TradingAccount[]) => accounts.find((a) => a.kind === 'live')?.id ?? accounts[0]?.id;

/** Picks one of a client's trading accounts, each named by kind, number and balance. */
export function AccountSelect({ accounts, value, onChange, className }: { accounts: TradingAccount[]; value: number | undefined; onChange: (id: number) => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <SelectField label={t('Account')} value={value} onChange={(e) => onChange(Number(e.target.value))} className={className}>
      {accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {a.kind === 'demo' ? t('Demo') : t('Live')} {a.number} · {formatMoney(a.balance, a.currency)}
        </option>
      ))}
    </SelectField>
  );
}

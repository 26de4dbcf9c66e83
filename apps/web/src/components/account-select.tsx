import { forwardRef, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { TradingAccount } from '@bourse/contract';
import { SelectField } from '@/components/ui/field';
import { formatMoney } from '@/lib/format';

type Props = SelectHTMLAttributes<HTMLSelectElement> & { accounts: TradingAccount[]; error?: string; label?: string };

/** Picks one of the customer's accounts, showing its number and balance. */
export const AccountSelect = forwardRef<HTMLSelectElement, Props>(function AccountSelect({ accounts, error, label, ...rest }, ref) {
  const { t } = useTranslation();
  return (
    <SelectField ref={ref} label={label ?? t('Account')} error={error} {...rest}>
      {accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {a.title} · {formatMoney(a.balance, a.currency)}
        </option>
      ))}
    </SelectField>
  );
});

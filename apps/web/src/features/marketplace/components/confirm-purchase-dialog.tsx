import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { ExpertAdvisor, TradingAccount } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AccountSelect } from '@/components/account-select';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useSelectedAccount, useSession } from '@/stores/session-store';
import { usePurchaseItem } from '../api/marketplace';
import { priceOf } from '../lib/filters';
import { firstPayer, payingAccounts, planAllows } from '../lib/paying';

const linkClass = 'font-medium text-brand underline underline-offset-2';

/** The item's plans, and the way to one of them when the customer's plan cannot run it. */
function PlanNotice({ item, allowed, plan, onUpgrade }: { item: ExpertAdvisor; allowed: boolean; plan: string; onUpgrade: () => void }) {
  const { t } = useTranslation();
  if (item.plans.length === 0) return null;
  const plans = item.plans.map((p) => p.title).join(', ');
  if (allowed) return <p className="text-sm text-muted">{t('Plans that can run it: {{plans}}', { plans })}</p>;
  return (
    <Alert variant="warning" title={t('Not available on your {{plan}} plan', { plan })}>
      <p>{t('Only these plans can run it: {{plans}}. Upgrade your plan to buy it.', { plans })}</p>
      <Button size="sm" className="mt-3" onClick={onUpgrade}>
        {t('Upgrade your plan')}
      </Button>
    </Alert>
  );
}

/** Which live account pays, or why none can: demo money never buys a paid item. */
function PayFrom({ live, payer, price, onChange }: { live: TradingAccount[]; payer: TradingAccount | null; price: number; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  if (!payer) {
    return (
      <Alert variant="warning" title={t('A funded live account is needed')}>
        <p>{t('Paid items are paid from a live account, never with demo money. Open a live account and fund it to buy this item.')}</p>
        <Link to="/main/accounts" className={`${linkClass} mt-2 inline-block`}>
          {t('Open a live account')}
        </Link>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <AccountSelect accounts={live} label={t('Pay from')} value={payer.id} onChange={(e) => onChange(Number(e.target.value))} />
      <p className="text-xs text-muted">{t('Paid items are paid from a live account, never with demo money.')}</p>
      {Number(payer.balance) < price && (
        <Alert variant="warning">
          <p>{t("This account's balance does not cover the price.")}</p>
          <Link to="/main/deposit" className={`${linkClass} mt-2 inline-block`}>
            {t('Fund this account')}
          </Link>
        </Alert>
      )}
    </div>
  );
}

/** SPEC §2 "Confirm Purchase": the amount is deducted from the live account the customer picks. */
export function ConfirmPurchaseDialog({ item, onClose, onUpgrade }: { item: ExpertAdvisor; onClose: () => void; onUpgrade: () => void }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const selected = useSelectedAccount();
  const purchase = usePurchaseItem();
  // One key per opened dialog (the page mounts one per item): a doubled click on Proceed is one purchase.
  const [key] = useState(() => crypto.randomUUID());
  const price = priceOf(item);
  const accounts = user?.accounts ?? [];
  const live = payingAccounts(accounts);
  const [payerId, setPayerId] = useState(() => firstPayer(accounts, selected?.id, price)?.id ?? null);
  const payer = live.find((a) => a.id === payerId) ?? null;
  const allowed = planAllows(item, user?.account_type.id);
  const paid = price > 0;
  const canBuy = allowed && (!paid || (payer !== null && Number(payer.balance) >= price));
  const proceed = () =>
    purchase.mutate(
      { itemId: item.id, accountId: (paid ? payer?.id : selected?.id) ?? null, key },
      {
        onSuccess: (res) => {
          toast.success(res.message || t('Expert Advisor purchased successfully'));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, t('Failed to purchase Expert Advisor'))),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('Confirm Purchase')}>
      <div className="flex flex-col gap-4">
        <PlanNotice item={item} allowed={allowed} plan={user?.account_type.title ?? ''} onUpgrade={onUpgrade} />
        {allowed && !paid && (
          <p className="text-sm text-muted">
            <strong className="text-fg">{item.title}</strong> {t('is free: nothing is deducted from your account balance.')}
          </p>
        )}
        {allowed && paid && payer && (
          <p className="text-sm text-muted">
            <strong className="text-fg">{formatMoney(price)}</strong>
            {item.billing === 'monthly' ? ` ${t('per month')}` : ''} {t('will be deducted from the balance of account')}{' '}
            <strong className="text-fg">{payer.title}</strong> {t('for')} <strong className="text-fg">{item.title}</strong>.
          </p>
        )}
        {allowed && paid && <PayFrom live={live} payer={payer} price={price} onChange={setPayerId} />}
      </div>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('Cancel')}
        </Button>
        <Button loading={purchase.isPending} disabled={!canBuy} onClick={proceed}>
          {t('Proceed')}
        </Button>
      </div>
    </Dialog>
  );
}

import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { AdminMoneyRequest } from '@bourse/contract';
import { formatMoney } from '@/lib/format';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Long hashes and addresses: the start and end, enough to compare with a block explorer. */
export const shorten = (value: string, keep = 8) => (value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`);

/** `copyLabel` names the copy button, `copied` is the toast once copied. */
function CopyValue({ label, value, display, copyLabel, copied }: { label: string; value: string; display?: string; copyLabel: string; copied: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copied);
    } catch {
      toast.error(t('Copy failed: select the text and copy it by hand.'));
    }
  };
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span className="text-muted">{label}</span>
      <span className={display ? 'font-mono break-words' : 'truncate font-mono'} title={value}>
        {display ?? shorten(value)}
      </span>
      <button type="button" onClick={() => void copy()} className="shrink-0 rounded p-1 text-muted hover:bg-panel-2 hover:text-fg" aria-label={copyLabel}>
        <Copy className="size-3.5" aria-hidden />
      </button>
    </span>
  );
}

/** How the money moves: the coin, network, address and transaction; the bank account; or the card. */
export function MoneyMethod({ request }: { request: Pick<AdminMoneyRequest, 'method' | 'details'> }) {
  const { t } = useTranslation();
  const d = request.details;
  if (request.method === 'crypto') {
    return (
      <div className="flex min-w-0 flex-col gap-0.5 text-xs">
        <span className="font-medium text-fg">
          {text(d.coin)} <span className="font-normal text-muted">· {text(d.network)}</span>
        </span>
        {text(d.coin_amount) && (
          <span data-testid="coin-amount">
            {t('Sent: {{amount}} {{coin}}', { amount: text(d.coin_amount), coin: text(d.coin) })}
            {typeof d.rate_at_claim === 'number' && <span className="text-muted"> · {t('valued at {{rate}} each', { rate: formatMoney(d.rate_at_claim) })}</span>}
          </span>
        )}
        {text(d.address) && (
          <CopyValue label={t('Address')} value={text(d.address)} copyLabel={t('Copy address {{value}}', { value: text(d.address) })} copied={t('Address copied')} />
        )}
        {text(d.tx_hash) && <CopyValue label={t('Tx')} value={text(d.tx_hash)} copyLabel={t('Copy tx {{value}}', { value: text(d.tx_hash) })} copied={t('Tx copied')} />}
      </div>
    );
  }
  if (request.method === 'bank') {
    return (
      <div className="flex min-w-0 flex-col gap-0.5 text-xs">
        <span className="font-medium text-fg">{t('Bank transfer')}</span>
        <span className="truncate">{text(d.holder)}</span>
        <CopyValue
          label="IBAN"
          value={text(d.iban)}
          display={text(d.iban).replace(/(.{4})/g, '$1 ').trim()}
          copyLabel={t('Copy iban {{value}}', { value: text(d.iban) })}
          copied={t('IBAN copied')}
        />
        {text(d.bic) && (
          <span>
            <span className="text-muted">BIC</span> <span className="font-mono">{text(d.bic)}</span>
          </span>
        )}
      </div>
    );
  }
  if (request.method === 'card') {
    return (
      <div className="flex flex-col gap-0.5 text-xs">
        <span className="font-medium text-fg">{t('Card')}</span>
        <span>
          {text(d.brand)} •••• {text(d.last4)}
        </span>
      </div>
    );
  }
  return <span className="text-xs">{request.method === 'demo' ? t('Demo top-up') : t('Internal transfer')}</span>;
}

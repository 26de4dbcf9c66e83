import { useState, type ReactNode } from 'react';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Trade } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { Dialog } from '@/components/ui/dialog';
import { usePlacedBy } from '@/features/expert-advisors/use-placed-by';
import { fillCost, type Translate } from '@/lib/order-messages';
import { cn } from '@/lib/cn';
import { Price } from '@/components/ui/price';
import { formatMoney } from '@/lib/format';
import { usePricePrecision } from '@/stores/quotes';
import { sideWord } from '@/lib/trade-words';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-line/50 py-1.5">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end font-mono tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** What a closed trade made after its costs: the P/L with the swaps and commission it paid (or was paid). */
const netPnl = (trade: Trade) => ((Math.round(Number(trade.pnl) * 100) + Math.round(Number(trade.swap) * 100) + Math.round(Number(trade.commission) * 100)) / 100).toFixed(2);

/** Milliseconds the server took to fill: a unit every language writes the same way. */
const latency = (ms: number | null) => (ms === null ? '—' : `${ms} ms`);

function Details({ trade, currency }: { trade: Trade; currency: string }) {
  const { t } = useTranslation();
  const placedBy = usePlacedBy(trade);
  const translate: Translate = (message, values) => t(message, values ?? {});
  const closed = trade.status === 'closed';
  const p = usePricePrecision(trade.asset_id);
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="trade-details">
      <dl>
        <Row label={t('Trade')}>{trade.trade_id}</Row>
        <Row label={t('Type')}>
          <span className={cn('font-semibold uppercase', trade.trade_type === 'buy' ? 'text-up' : 'text-down')}>{t(sideWord(trade, trade.status === 'pending'))}</span>
        </Row>
        <Row label={t('Lots')}>{t('{{lots}} lots ({{units}} units)', { lots: trade.lots, units: trade.volume })}</Row>
        <Row label={t('Leverage')}>1:{trade.leverage}</Row>
        <Row label={t('Margin')}>{formatMoney(trade.margin, currency)}</Row>
        <Row label={t('Open price')}><Price value={trade.opening_price} precision={p} /></Row>
        {closed && <Row label={t('Close price')}><Price value={trade.closing_price} precision={p} /></Row>}
        <Row label="TP"><Price value={trade.take_profit} precision={p} /></Row>
        <Row label="SL"><Price value={trade.stop_loss} precision={p} /></Row>
        {closed && <Row label="P/L">{formatMoney(trade.pnl, currency)}</Row>}
        <Row label={t('Swap')} testId="details-swap">{formatMoney(trade.swap, currency)}</Row>
        <Row label={t('Commission')} testId="details-commission">{formatMoney(trade.commission, currency)}</Row>
        {closed && (
          <Row label={t('Net P/L')} testId="details-net">
            {formatMoney(netPnl(trade), currency)}
          </Row>
        )}
        <Row label={t('Opened')}>
          <DateTime iso={trade.open_time} withYear />
        </Row>
        {closed && (
          <Row label={t('Closed')}>
            <DateTime iso={trade.close_time} withYear />
          </Row>
        )}
        <Row label={t('Placed by')}>{trade.placed_by === 'customer' ? t('You') : placedBy}</Row>
      </dl>
      <section aria-labelledby={`fill-${trade.id}`}>
        <h3 id={`fill-${trade.id}`} className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
          {t('Fill receipt')}
        </h3>
        {trade.filled_price === null ? (
          <p className="text-muted">{t('Not filled yet.')}</p>
        ) : (
          <dl>
            <Row label={t('Requested price')}><Price value={trade.requested_price} precision={p} /></Row>
            <Row label={t('Filled price')}><Price value={trade.filled_price} precision={p} /></Row>
            <Row label={t('Slippage')} testId="details-slippage">
              {fillCost({ pips: trade.slippage_pips, price: trade.slippage, money: trade.slippage_cost }, currency, true, p?.digits ?? 5, translate) ?? '—'}
            </Row>
            <Row label={t('Spread paid')} testId="details-spread">
              {fillCost({ pips: trade.spread_pips, price: trade.spread, money: trade.spread_cost }, currency, false, p?.digits ?? 5, translate) ?? '—'}
            </Row>
            <Row label={t('Server latency')}>{latency(trade.latency_ms)}</Row>
          </dl>
        )}
      </section>
    </div>
  );
}

/** An info button on a trade's row that opens its details, with the fill receipt of its entry. */
export function TradeDetailsButton({ trade, currency }: { trade: Trade; currency: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={t('Details of {{symbol}}', { symbol: trade.asset_symbol })} data-testid="trade-details-button"
        className="rounded p-1 text-muted hover:bg-panel-2 hover:text-fg"
      >
        <Info className="size-3.5" aria-hidden />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t('{{symbol}} trade details', { symbol: trade.asset_symbol })} className="max-w-md">
        {open && <Details trade={trade} currency={currency} />}
      </Dialog>
    </>
  );
}


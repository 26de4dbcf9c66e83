import type { ReactNode } from 'react';
import { Bot, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdminTrade, AdminTradeList } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { msg } from '@/i18n/i18n';
import { sideWord } from '@/lib/trade-words';
import { cn } from '@/lib/cn';
import { Price } from '@/components/ui/price';
import { formatMoney } from '@/lib/format';

const closeReasons: Record<string, string> = {
  manual: msg('Closed by hand'),
  tp: msg('Take profit'),
  sl: msg('Stop loss'),
  stop_out: msg('Stop out'),
  trailing: msg('Trailing stop'),
  no_margin: msg('No margin'),
};

type Column = { title: string; numeric?: boolean; cell: (t: AdminTrade, currency: string, tr: TFunction) => ReactNode };

function PlacedBy({ trade }: { trade: AdminTrade }) {
  const { t } = useTranslation();
  if (trade.placed_by === 'customer') {
    return (
      <span className="inline-flex items-center gap-1.5 text-muted">
        <User className="size-3.5" aria-hidden /> {t('Customer')}
      </span>
    );
  }
  const name = trade.placed_by === 'autotrader' ? t('Auto Trader') : (trade.robot_name ?? t('Expert Advisor'));
  return (
    <span className="inline-flex items-center gap-1.5 text-brand">
      <Bot className="size-3.5 shrink-0" aria-hidden />
      <span>
        {name}
        {trade.robot_id !== null && <span className="text-xs text-muted"> #{trade.robot_id}</span>}
      </span>
    </span>
  );
}

const instrument: Column = {
  title: msg('Instrument'),
  cell: (t) => (
    <>
      <span className="block font-medium">{t.asset_symbol}</span>
      <span className="block max-w-40 truncate text-xs text-muted">{t.asset_name}</span>
    </>
  ),
};
const side: Column = {
  title: msg('Side'),
  cell: (t, _currency, tr) => {
    return <span className={cn('font-semibold uppercase', t.trade_type === 'buy' ? 'text-up' : 'text-down')}>{tr(sideWord(t, true))}</span>;
  },
};
const lots: Column = { title: msg('Lots'), numeric: true, cell: (t) => t.lots };
const price = (title: string, pick: (t: AdminTrade) => number | null): Column => ({ title, numeric: true, cell: (t) => <Price value={pick(t)} precision={t.digits === null ? null : { digits: t.digits }} /> });
const pnl: Column = {
  title: msg('P&L'),
  numeric: true,
  cell: (t, currency) => {
    const n = Number(t.pnl);
    return <span className={cn('font-medium', n > 0 ? 'text-up' : n < 0 ? 'text-down' : '')}>{formatMoney(t.pnl, currency)}</span>;
  },
};
const time = (title: string, pick: (t: AdminTrade) => string | null): Column => ({ title, cell: (t) => <DateTime iso={pick(t)} withYear /> });
const closed: Column = {
  title: msg('Closed'),
  cell: (t, _currency, tr) => (
    <>
      <DateTime iso={t.close_time} withYear />
      {t.close_reason && <span className="block text-xs text-muted">{closeReasons[t.close_reason] ? tr(closeReasons[t.close_reason]) : t.close_reason}</span>}
    </>
  ),
};
const placedBy: Column = { title: msg('Placed by'), cell: (t) => <PlacedBy trade={t} /> };

const columns: Record<AdminTradeList, Column[]> = {
  open: [
    instrument,
    side,
    lots,
    price(msg('Open price'), (t) => t.opening_price),
    price(msg('Current price'), (t) => t.closing_price),
    pnl,
    time(msg('Opened'), (t) => t.open_time),
    placedBy,
  ],
  pending: [
    instrument,
    side,
    lots,
    price(msg('Entry price'), (t) => t.opening_price),
    price(msg('Take profit'), (t) => t.take_profit),
    price(msg('Stop loss'), (t) => t.stop_loss),
    time(msg('Placed'), (t) => t.created_at),
    placedBy,
  ],
  closed: [
    instrument,
    side,
    lots,
    price(msg('Open price'), (t) => t.opening_price),
    price(msg('Close price'), (t) => t.closing_price),
    pnl,
    time(msg('Opened'), (t) => t.open_time),
    closed,
    placedBy,
  ],
};

/**
 * A client's trades in one list. Wider than a phone: the table scrolls sideways inside its card,
 * which takes the keyboard focus so it can be scrolled with the arrow keys too.
 */
export function ClientTradesTable({ list, label, trades, currency }: { list: AdminTradeList; label: string; trades: AdminTrade[]; currency: string }) {
  const { t } = useTranslation();
  const cols = columns[list];
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take the focus so the keyboard can scroll it
    <section aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg border border-line focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand">
      <table className="w-full min-w-[760px] text-sm">
        <thead className="border-b border-line bg-panel-2/50">
          <tr>
            {cols.map((c) => (
              <th key={c.title} scope="col" className={cn('whitespace-nowrap px-3 py-2 text-xs font-semibold uppercase tracking-wider text-muted', c.numeric ? 'text-end' : 'text-start')}>
                {t(c.title)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {trades.map((trade) => (
            <tr key={trade.id} data-testid="client-trade" className="align-top">
              {cols.map((c) => (
                <td key={c.title} className={cn('whitespace-nowrap px-3 py-2', c.numeric && 'text-end tabular-nums')}>
                  {c.cell(trade, currency, t)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

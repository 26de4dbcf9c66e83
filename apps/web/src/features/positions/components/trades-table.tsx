import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Trade } from '@bourse/contract';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useSelectedAccount } from '@/stores/session-store';
import type { TradeList } from '../api/get-trades';
import { usePositions } from '../use-positions';
import { ExportCsvButton } from './export-csv-button';
import { abbreviations, actionsCell, cell, codeColumns, columns, HistoryItem, HistoryRow, OpenPositionItem, OpenPositionRow, PendingOrderItem, PendingOrderRow } from './trade-rows';

/** Asks for the next page once it scrolls into view (a table row, or a list item in a card list). */
function LoadMoreSentinel({ onVisible, item }: { onVisible: () => void; item?: boolean }) {
  const ref = useRef<HTMLTableRowElement & HTMLLIElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onVisible());
    observer.observe(el);
    return () => observer.disconnect();
  }, [onVisible]);
  return item ? <li ref={ref} aria-hidden className="h-px" data-testid="load-more" /> : <tr ref={ref} aria-hidden className="h-px" data-testid="load-more" />;
}

function TradeRow({ trade, list, currency }: { trade: Trade; list: TradeList; currency: string }) {
  if (list === 'open') return <OpenPositionRow trade={trade} currency={currency} />;
  if (list === 'pending') return <PendingOrderRow trade={trade} />;
  return <HistoryRow trade={trade} currency={currency} />;
}

function TradeItem({ trade, list, currency }: { trade: Trade; list: TradeList; currency: string }) {
  if (list === 'open') return <OpenPositionItem trade={trade} currency={currency} />;
  if (list === 'pending') return <PendingOrderItem trade={trade} />;
  return <HistoryItem trade={trade} currency={currency} />;
}

type TableProps = {
  list: TradeList;
  /** In the language shown. */
  emptyText: string;
  className?: string;
  cards?: boolean;
  /** Shown at the end of the table's header row. */
  headerAction?: ReactNode;
};

/**
 * A trade list of the selected account, its SPEC §2 empty text, or its SPEC §8 failure text. The
 * drawer shows a table; the narrow rail panels show `cards`.
 */
export function TradesTable({ list, emptyText, className, cards, headerAction }: TableProps) {
  const { t } = useTranslation();
  const { trades, isLoading, hasMore, loadMore, error } = usePositions(list);
  const currency = useSelectedAccount()?.currency ?? 'USD';
  if (isLoading) {
    return (
      <div className={cn('flex items-center justify-center p-4', className)}>
        <Spinner className="size-4" />
      </div>
    );
  }
  if (error && trades.length === 0) {
    return (
      <p role="alert" className={cn('p-4 text-center text-sm text-down', className)}>
        {error}
      </p>
    );
  }
  if (trades.length === 0) return <p className={cn('p-4 text-center text-sm text-muted', className)}>{emptyText}</p>;
  if (cards) {
    return (
      <ul className={cn('overflow-auto', className)}>
        {trades.map((trade) => (
          <TradeItem key={trade.id} trade={trade} list={list} currency={currency} />
        ))}
        {hasMore && <LoadMoreSentinel onVisible={loadMore} item />}
      </ul>
    );
  }
  return (
    <div className={cn('overflow-auto', className)}>
      <table className="w-full min-w-[36rem] text-start text-xs">
        <thead className="sticky top-0 z-10 bg-panel text-[10px] tracking-wider text-muted uppercase">
          <tr>
            {columns[list].slice(0, -1).map((title) => (
              <th key={title} className={cn(cell, 'text-start font-semibold')}>
                {codeColumns.includes(title) ? title : abbreviations[title] ? <abbr title={t(abbreviations[title])} className="no-underline">{t(title)}</abbr> : t(title)}
              </th>
            ))}
            {/* The actions' column, whose title is the header's own action if it has one. */}
            <th className={cn(actionsCell, 'py-0.5 font-normal normal-case tracking-normal')}>{headerAction}</th>
          </tr>
        </thead>
        <tbody>
          {trades.map((trade) => (
            <TradeRow key={trade.id} trade={trade} list={list} currency={currency} />
          ))}
          {hasMore && <LoadMoreSentinel onVisible={loadMore} />}
        </tbody>
      </table>
    </div>
  );
}

const groupTitle = 'px-3 pt-2 text-[10px] font-semibold tracking-wider text-muted uppercase';

/**
 * SPEC §2 Active Orders panel: the account's open positions and its pending orders. "No active
 * orders found" when it has neither; "No pending orders available" under the positions otherwise.
 */
export function ActiveOrdersPanel() {
  const { t } = useTranslation();
  const open = usePositions('open');
  const pending = usePositions('pending');
  const none = !open.isLoading && !pending.isLoading && !open.error && !pending.error && open.trades.length === 0 && pending.trades.length === 0;
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-auto" data-testid="active-orders">
      {none ? (
        <p className="p-4 text-center text-sm text-muted">{t('No active orders found')}</p>
      ) : (
        <>
          {open.trades.length > 0 && (
            <section aria-label={t('Open positions')}>
              <h3 className={groupTitle}>{t('Open positions')}</h3>
              <TradesTable list="open" emptyText="" className="px-3" cards />
            </section>
          )}
          <section aria-label={t('Pending orders')}>
            <h3 className={groupTitle}>{t('Pending orders')}</h3>
            <TradesTable list="pending" emptyText={t('No pending orders available')} className="px-3" cards />
          </section>
        </>
      )}
    </div>
  );
}

/** SPEC §2 Trading History panel: the account's closed trades, with "Export CSV". */
export function TradingHistoryPanel() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="trading-history">
      <div className="flex justify-end px-2 pt-1">
        <ExportCsvButton className="h-7 px-2 text-xs" />
      </div>
      <TradesTable list="closed" emptyText={t('No trading history found')} className="min-h-0 flex-1 px-3" cards />
    </div>
  );
}

/** ACTIVE POSITIONS tab of the positions drawer. */
export function ActivePositions() {
  const { t } = useTranslation();
  return <TradesTable list="open" emptyText={t('No active positions found')} className="h-full" />;
}

/** POSITIONS HISTORY tab of the positions drawer, with "Export CSV" at the end of its header. */
export function PositionsHistory() {
  const { t } = useTranslation();
  return (
    <TradesTable
      list="closed"
      emptyText={t('No historical positions found')}
      className="h-full"
      headerAction={<ExportCsvButton className="h-6 px-2 text-[11px]" />}
    />
  );
}

import { Decimal } from 'decimal.js';
import type { AccountSummaryView, Trade } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { termsOfAccount } from '../groups/groups.service.ts';
import type { TradingAccountRow } from '../accounts/accounts.repository.ts';
import { ManualPriceSource } from './manual-price-source.ts';
import { accountFor } from './order.service.ts';
import { tradeView } from './trade-view.ts';
import { tradingRuntime } from './trading-runtime.ts';
import { pageOfList, pageTrades, realisedPnl, tradesOfAccount, type TradeRow } from './trades.repository.ts';
import { Valuer } from './valuation.ts';
import { csvCell } from '../../lib/csv.ts';

export const TRADES_PAGE_SIZE = 20;

export type TradeList = 'open' | 'closed' | 'pending';
const statusesOf = { open: ['open'], closed: ['closed'], pending: ['pending'] } as const;
const pathOf = { open: '/open/trades', closed: '/closed/trades', pending: '/pending/orders' } as const;

// Without a price feed, open trades are listed without live figures rather than refused.
const noPrices = new ManualPriceSource();

function valuerFor(ctx: AppContext, currency: string): Valuer {
  return new Valuer(tradingRuntime(ctx).catalog, ctx.prices ?? noPrices, currency);
}

/**
 * A page of the account's open trades (with live closing price and P&L), closed trades or pending
 * orders: one statement with the account and the total beside the rows. When it finds no rows, the
 * account check (a 404 when it is not the caller's) and the count run apart.
 */
export async function listTrades(ctx: AppContext, userId: number, list: TradeList, page: number, accountId?: number) {
  const link = (p: number) => `/api/v1${pathOf[list]}?page=${p}${accountId ? `&account_id=${accountId}` : ''}`;
  const statement = list === 'closed' ? pageOfList.byCloseTime : pageOfList.byId;
  const [status] = statusesOf[list];
  const found = await statement(ctx.db, { userId, accountId: accountId ?? null, status, limit: TRADES_PAGE_SIZE, offset: (page - 1) * TRADES_PAGE_SIZE });
  const first = found[0];
  if (!first) return tradesPage(ctx, await accountFor(ctx, userId, accountId), list, page, link);
  return pageView(ctx, first.account, found.map((r) => r.trade), first.total, page, link);
}

/** One page of one of the account's lists; `link` is the address of another page of the same list. */
export async function tradesPage(ctx: AppContext, account: TradingAccountRow, list: TradeList, page: number, link: (page: number) => string) {
  const { rows, total } = await pageTrades(ctx.db, account.id, [...statusesOf[list]], page, TRADES_PAGE_SIZE);
  return pageView(ctx, account, rows, total, page, link);
}

async function pageView(ctx: AppContext, account: TradingAccountRow, rows: TradeRow[], total: number, page: number, link: (page: number) => string) {
  const valuer = valuerFor(ctx, account.currency);
  const data: Trade[] = [];
  for (const row of rows) data.push(tradeView(row, row.status === 'open' ? await valuer.live(row) : null));
  return {
    data,
    meta: { current_page: page, per_page: TRADES_PAGE_SIZE, total },
    links: { next: page * TRADES_PAGE_SIZE < total ? link(page + 1) : null },
  };
}

/** GET /account/summary: SPEC §9 figures at the server's current prices. */
export async function accountSummaryOf(ctx: AppContext, userId: number, accountId?: number): Promise<AccountSummaryView> {
  const account = await accountFor(ctx, userId, accountId);
  const [open, lifetime, terms] = await Promise.all([tradesOfAccount(ctx.db, account.id, ['open']), realisedPnl(ctx.db, account.id), termsOfAccount(ctx.db, account.id)]);
  const s = await valuerFor(ctx, account.currency).summary(account.balance, account.credit, open);
  const { stopOutLevel } = ctx.config.trading;
  return {
    account_id: account.id,
    currency: account.currency,
    balance: s.balance.toFixed(2),
    credit: s.credit.toFixed(2),
    equity: s.equity.toFixed(2),
    margin: s.margin.toFixed(2),
    freeMargin: s.freeMargin.toFixed(2),
    marginLevel: s.marginLevel,
    pnl: s.pnl.toFixed(2),
    lifetimePnl: new Decimal(lifetime).toFixed(2),
    marginCallLevel: terms?.marginCallLevel ?? Math.max(100, stopOutLevel),
    stopOutLevel: terms?.stopOutLevel ?? stopOutLevel,
    markup: terms?.markup ?? {},
  };
}

const CSV_COLUMNS = [
  'trade_id', 'asset_symbol', 'asset_name', 'trade_type', 'order_type', 'lots', 'volume', 'leverage', 'margin',
  'opening_price', 'closing_price', 'take_profit', 'stop_loss', 'open_time', 'close_time', 'pnl', 'swap', 'close_reason',
] as const;

/** GET /closed/trades/export.csv: every closed trade of the account, newest first. */
export async function closedTradesCsv(ctx: AppContext, userId: number, accountId?: number): Promise<{ csv: string; filename: string }> {
  const account = await accountFor(ctx, userId, accountId);
  const lines = [CSV_COLUMNS.join(',')];
  const batch = 1000;
  for (let page = 1; ; page++) {
    const { rows } = await pageTrades(ctx.db, account.id, ['closed'], page, batch);
    for (const row of rows) lines.push(csvLine(row));
    if (rows.length < batch) break;
  }
  return { csv: `${lines.join('\r\n')}\r\n`, filename: `closed-trades-${account.number}.csv` };
}

function csvLine(row: TradeRow): string {
  const view = tradeView(row);
  return CSV_COLUMNS.map((c) => csvCell(view[c])).join(',');
}

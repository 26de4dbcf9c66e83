import { and, eq, inArray } from 'drizzle-orm';
import { localized, notices } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { trades, tradingAccounts } from '../../db/schema/index.ts';
import { preferencesOf } from '../preferences/preferences.service.ts';
import { canPush, sendPush } from './push.service.ts';

/**
 * The pushes of events that have no stored notification of their own: a pending order filled, a
 * position closed by its take profit, stop loss, trailing stop or a stop-out, and a reply from
 * support in the chat. Notices told through `tell` (alerts, margin calls, decisions on requests)
 * are pushed there.
 */

const closeTitles: Record<string, string> = {
  tp: notices.takeProfitClosedTitle,
  sl: notices.stopLossClosedTitle,
  trailing: notices.trailingStopClosedTitle,
  stop_out: notices.stopOutClosedTitle,
};

const plainNumber = (value: string | null) => (value === null ? '' : String(Number(value)));

/** What the trading engine announces after a commit (its `TradeChange`), as far as pushes need it. */
type CommittedTradeChange = { userId: number; tradeIds: number[]; reason: string };

/** After a committed trading change: pushes fills and automatic closes, per the customer's trading settings. */
export async function pushTradeChange(ctx: AppContext, change: CommittedTradeChange): Promise<void> {
  const fill = change.reason === 'filled';
  const closeTitle = closeTitles[change.reason];
  if (!fill && !closeTitle) return;
  if (!(await canPush(ctx, change.userId))) return;
  const { notifications, language } = await preferencesOf(ctx.db, change.userId);
  if (!notifications.trading.in_app) return;
  const rows = await ctx.db
    .select({ id: trades.id, symbol: trades.assetSymbol, opening: trades.openingPrice, closing: trades.closingPrice, pnl: trades.pnl, status: trades.status, currency: tradingAccounts.currency })
    .from(trades)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.accountId))
    .where(and(inArray(trades.id, change.tradeIds), eq(trades.userId, change.userId)));
  for (const row of rows) {
    if (fill) {
      if (row.status !== 'open') continue;
      sendPush(ctx, change.userId, { title: localized(notices.orderFilledTitle), message: localized(notices.orderFilled, { symbol: row.symbol, price: plainNumber(row.opening) }), url: '/mt4', tag: `trade-${row.id}`, language });
    } else if (row.status === 'closed' && closeTitle) {
      const params = { symbol: row.symbol, price: plainNumber(row.closing), pnl: row.pnl, currency: row.currency };
      sendPush(ctx, change.userId, { title: localized(closeTitle), message: localized(notices.positionClosedAt, params), url: '/mt4', tag: `trade-${row.id}`, language });
    }
  }
}

/** Most characters of a chat message a push shows: the rest is read in the chat. */
const CHAT_PREVIEW = 200;

/** A message from support to a customer: pushed to the customer's devices. */
export async function pushSupportReply(ctx: AppContext, customerId: number, text: string): Promise<void> {
  if (!(await canPush(ctx, customerId))) return;
  const { language } = await preferencesOf(ctx.db, customerId);
  const preview = text.length > CHAT_PREVIEW ? `${text.slice(0, CHAT_PREVIEW - 1)}…` : text;
  sendPush(ctx, customerId, { title: localized(notices.supportReplyTitle), message: preview || '📎', url: '/main/chat', tag: 'support-chat', language });
}

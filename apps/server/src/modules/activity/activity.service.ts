import type { ActivityPage } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { csvText } from '../../lib/csv.ts';
import { accountFor } from '../trading/order.service.ts';
import { activityOf, activityView } from './activity.repository.ts';

const PAGE = 50;
/** A download stops here; the search narrows it further. */
const CSV_LIMIT = 10_000;

type ActivityQuery = { account_id?: number; search?: string; before?: number };

/** GET /account/activity: one page of the caller's account's log, newest first. */
export async function listActivity(ctx: AppContext, userId: number, query: ActivityQuery): Promise<ActivityPage> {
  const account = await accountFor(ctx, userId, query.account_id);
  const rows = await activityOf(ctx.db, account.id, { search: query.search, before: query.before, limit: PAGE + 1 });
  const page = rows.slice(0, PAGE);
  return { data: page.map(activityView), next_before: rows.length > PAGE ? page.at(-1)!.id : null };
}

const CSV_HEADER = ['time', 'event', 'by', 'robot_id', 'trade_id', 'symbol', 'side', 'order_type', 'lots', 'price', 'take_profit', 'stop_loss', 'reason', 'pnl'];

/** GET /account/activity/export.csv: the log as the search shows it, newest first. */
export async function activityCsv(ctx: AppContext, userId: number, query: ActivityQuery): Promise<{ csv: string; filename: string }> {
  const account = await accountFor(ctx, userId, query.account_id);
  const rows = (await activityOf(ctx.db, account.id, { search: query.search, limit: CSV_LIMIT })).map(activityView);
  const lines = rows.map((a) => [a.at, a.kind, a.actor, a.robot_id, a.trade_id, a.symbol, a.side, a.order_type, a.lots, a.price, a.take_profit, a.stop_loss, a.reason, a.pnl]);
  return { csv: csvText([CSV_HEADER, ...lines]), filename: `activity-${account.number}.csv` };
}

/** For the modules whose transactions write a line of the log with their change. */
export { activityLine, recordActivity } from './activity.repository.ts';

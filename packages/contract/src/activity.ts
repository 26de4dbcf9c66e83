import { z } from 'zod';
import { closeReasons, orderKind, tradeSide } from './trading.ts';

/**
 * What happened to an account's orders: an order placed to rest (`placed`), a market order filled
 * (`opened`), a resting order filled when the price reached it (`filled`), levels changed
 * (`modified`), an order cancelled (`cancelled`), a position closed in whole or part (`closed`).
 */
export const activityKinds = ['placed', 'opened', 'filled', 'modified', 'cancelled', 'closed'] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** Who did it: the customer, one of their Expert Advisors, the Auto Trader, or the server's risk engine (triggers, stop-out). */
export const activityActors = ['customer', 'robot', 'autotrader', 'system'] as const;
export type ActivityActor = (typeof activityActors)[number];

/** One line of an account's activity log, as the trade was right after it. */
export const activitySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(activityKinds),
  actor: z.enum(activityActors),
  robot_id: z.number().int().nullable(),
  trade_id: z.string(),
  symbol: z.string(),
  side: tradeSide,
  order_type: orderKind,
  lots: z.number(),
  /** The price the event happened at: entry of a resting order, fill, or exit. */
  price: z.number().nullable(),
  take_profit: z.number().nullable(),
  stop_loss: z.number().nullable(),
  reason: z.enum(closeReasons).nullable(),
  /** Realised P&L of a close, in account currency. */
  pnl: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

/** GET /account/activity: newest first, `before` an id for the next page; `search` matches symbol, trade id, kind, actor and reason. */
export const activityQuery = z.object({
  account_id: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(100).optional(),
  before: z.coerce.number().int().positive().optional(),
});
export const activityResponse = z.object({ data: z.array(activitySchema), next_before: z.number().int().nullable() });
export type ActivityPage = z.infer<typeof activityResponse>;

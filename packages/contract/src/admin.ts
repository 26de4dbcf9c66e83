import { z } from 'zod';
import { tradeSchema, tradesQuery } from './trading.ts';
import { role, tradingAccountSchema, userSchema, userStatus } from './user.ts';

export const adminClientsQuery = z.object({
  search: z.string().max(100).optional(),
  status: userStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const adminClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string(),
  country: z.string(),
  account_id: z.string(),
  status: userStatus,
  role,
  is_online: z.boolean(),
  created_at: z.string(),
  /** What the client holds, live and demo apart, summed per currency (live first). */
  balances: z.array(z.object({ kind: z.enum(['live', 'demo']), currency: z.string(), amount: z.string() })),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

/** A client's trading account as staff see it: with the customer group it trades in. */
export const adminAccountSchema = tradingAccountSchema.extend({ group_id: z.number().int(), group_name: z.string() });
export type AdminAccount = z.infer<typeof adminAccountSchema>;
/** GET /admin/clients/{id} and the client changes: the user as GET /user shows it, each account with its group. */
export const adminClientDetailSchema = userSchema.extend({ accounts: z.array(adminAccountSchema) });
export type AdminClientDetail = z.infer<typeof adminClientDetailSchema>;
export const adminClientDetailResponse = z.object({ data: adminClientDetailSchema });

export const adminStatusUpdate = z.object({ status: userStatus });
/** PATCH /admin/clients/{id}/role: make a customer support staff or a dealer, or back. Admins are made with the create-admin command. */
export const adminRoleUpdate = z.strictObject({ role: z.enum(['customer', 'support', 'dealer']) });
export const adminLoginLinkResponse = z.object({ data: z.object({ url: z.string(), expires_at: z.string() }) });

/** POST /admin/notifications: to one customer (`user_id`) or, without it, to every customer. */
export const adminNotificationRequest = z.object({
  user_id: z.number().int().positive().optional(),
  title: z.string().trim().min(1, 'Enter a title').max(120),
  message: z.string().trim().min(1, 'Enter a message').max(2000),
  color: z.enum(['danger', 'success', 'warning', 'info']).default('info'),
});
export type AdminNotificationRequest = z.input<typeof adminNotificationRequest>;

/** The lists a customer's trades fall into, as the back office shows them. */
export const adminTradeLists = ['open', 'pending', 'closed'] as const;
export type AdminTradeList = (typeof adminTradeLists)[number];

/** GET /admin/clients/{id}/trades: one list of one of the customer's accounts (their first by default), a page at a time. */
export const adminTradesQuery = tradesQuery.extend({ status: z.enum(adminTradeLists).default('open') });

/**
 * A customer's trade as staff see it: `robot_name` names the Expert Advisor behind `robot_id` while
 * the robot exists; `digits` are the instrument's price decimals while it is traded (null after).
 */
export const adminTradeSchema = tradeSchema.extend({ robot_name: z.string().nullable(), digits: z.number().int().nullable() });
export type AdminTrade = z.infer<typeof adminTradeSchema>;

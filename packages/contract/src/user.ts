import { z } from 'zod';
import { clientCategory } from './client-category.ts';
import { messageParams } from './localized.ts';
import { roles } from './user-rules.ts';

export const userStatuses = ['active', 'pending', 'deactivated'] as const;
export const userStatus = z.enum(userStatuses);
export const role = z.enum(roles);

/** Money travels as a decimal string so no float ever rounds a balance. */
export const money = z.string().regex(/^-?\d+(\.\d+)?$/);

export const accountTypeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
  image: z.string().nullable(),
  leverage: z.number().int(),
});
export type AccountType = z.infer<typeof accountTypeSchema>;

/** Whether a trading account may be used: a live account may wait for the operator's approval, or be rejected. */
export const tradingAccountStatuses = ['active', 'pending', 'rejected'] as const;
export type TradingAccountStatus = (typeof tradingAccountStatuses)[number];

export const tradingAccountSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  kind: z.enum(['demo', 'live']),
  currency: z.string(),
  balance: money,
  credit: money,
  status: z.enum(tradingAccountStatuses),
  /** The operator's reason when the account was rejected. */
  rejection_reason: z.string().nullable(),
});
export type TradingAccount = z.infer<typeof tradingAccountSchema>;

export const notificationSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  title: z.string(),
  message: z.string(),
  color: z.enum(['danger', 'success', 'warning', 'info']),
  read: z.boolean(),
  created_at: z.string().optional(),
  /** The message keys of `title` and `message` and their parameters, for the reader's language; absent on notes written as free text (by an operator, or before keys). */
  title_key: z.string().nullable().optional(),
  message_key: z.string().nullable().optional(),
  params: messageParams.optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The signed-in user as GET /user returns it (SPEC §3 User). */
export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  nationality: z.string(),
  avatar: z.string().nullable(),
  account_id: z.string(),
  role,
  status: userStatus,
  balance: money,
  credit_balance: money,
  notifications: z.array(notificationSchema),
  is_online: z.boolean(),
  unread_count: z.number().int(),
  accounts: z.array(tradingAccountSchema),
  account_type: accountTypeSchema,
  autotrader: z.boolean(),
  eas: z.array(z.number().int()),
  /** Retail unless the back office approved the customer's request to be treated as professional. */
  client_category: clientCategory,
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;
export const userResponse = z.object({ data: userSchema });

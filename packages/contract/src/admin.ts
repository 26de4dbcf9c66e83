import { z } from 'zod';
import { userStatus } from './user.ts';

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
  role: z.enum(['customer', 'admin']),
  is_online: z.boolean(),
  created_at: z.string(),
  balance: z.string(),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

export const adminStatusUpdate = z.object({ status: userStatus });
export const adminLoginLinkResponse = z.object({ data: z.object({ url: z.string(), expires_at: z.string() }) });

/** POST /admin/notifications: to one customer (`user_id`) or, without it, to every customer. */
export const adminNotificationRequest = z.object({
  user_id: z.number().int().positive().optional(),
  title: z.string().trim().min(1, 'Enter a title').max(120),
  message: z.string().trim().min(1, 'Enter a message').max(2000),
  color: z.enum(['danger', 'success', 'warning', 'info']).default('info'),
});
export type AdminNotificationRequest = z.input<typeof adminNotificationRequest>;

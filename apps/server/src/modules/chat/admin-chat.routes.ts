import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminChatUsersResponse, adminUserSummaryResponse, idParam } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { avatarLink } from '../../lib/avatar-links.ts';
import { isOnline } from '../users/presence.ts';
import { findUserById } from '../users/users.repository.ts';
import { accountSummary } from './account-summary.ts';
import { chatUsers } from './chat.repository.ts';

/** The admin chat's user list and the account summary in its header (SPEC §2 Admin chat). */
export async function adminChatRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'staff' as const };
  const tags = ['admin', 'chat'];

  api.get('/admin/users', { config, schema: { tags, response: { 200: adminChatUsersResponse } } }, async () => {
    const rows = await chatUsers(ctx.db);
    return {
      data: rows.map(({ user: u, unread, lastMessageAt }) => ({
        id: u.id,
        name: `${u.firstName} ${u.lastName}`,
        first_name: u.firstName,
        last_name: u.lastName,
        email: u.email,
        account_id: u.accountId,
        avatar: avatarLink(ctx.config.uploads, u.avatar),
        status: u.status,
        is_online: isOnline(u.lastSeenAt),
        unread_count: unread,
        last_message_at: lastMessageAt?.toISOString() ?? null,
      })),
    };
  });

  api.get('/admin/users/:id/summary', { config, schema: { tags, params: idParam, response: { 200: adminUserSummaryResponse } } }, async (req) => {
    const user = await findUserById(ctx.db, req.params.id);
    if (!user) throw notFound();
    return { data: await accountSummary(ctx, user) };
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminClientSchema,
  adminClientsQuery,
  adminLoginLinkResponse,
  adminStatusUpdate,
  channels,
  events,
  idParam,
  paged,
  userResponse,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { issueLoginLink } from '../auth/auth.service.ts';
import { deleteSessionsOf } from '../auth/auth.repository.ts';
import { notify } from '../notifications/notifications.service.ts';
import { isOnline } from '../users/presence.ts';
import { findUserById, setUserStatus, type UserRow } from '../users/users.repository.ts';
import { userViewById } from '../users/users.service.ts';
import { CLIENTS_PAGE_SIZE, searchClients } from './admin.repository.ts';

const statusNotes = {
  active: { title: 'Account approved', message: 'Your account has been approved. You can now trade.', color: 'success' },
  deactivated: { title: 'Account deactivated', message: 'Your account has been deactivated. Please contact support.', color: 'danger' },
  pending: { title: 'Account under review', message: 'Your account is being reviewed by the Client Management Team.', color: 'warning' },
} as const;

export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };
  const tags = ['admin'];

  api.get(
    '/admin/clients',
    { config: admin, schema: { tags, querystring: adminClientsQuery, response: { 200: paged(adminClientSchema) } } },
    async (req) => {
      const { rows, total } = await searchClients(ctx.db, req.query);
      const page = req.query.page;
      return {
        data: rows.map(({ user, balance }) => clientView(user, balance)),
        meta: { current_page: page, per_page: CLIENTS_PAGE_SIZE, total },
        links: { next: page * CLIENTS_PAGE_SIZE < total ? `/api/v1/admin/clients?page=${page + 1}` : null },
      };
    },
  );
  api.get('/admin/clients/:id', { config: admin, schema: { tags, params: idParam, response: { 200: userResponse } } }, async (req) => {
    const user = await userViewById(ctx.db, req.params.id);
    if (!user) throw notFound();
    return { data: user };
  });
  api.patch(
    '/admin/clients/:id/status',
    { config: admin, schema: { tags, params: idParam, body: adminStatusUpdate, response: { 200: userResponse } } },
    async (req) => {
      const target = await findUserById(ctx.db, req.params.id);
      if (!target) throw notFound();
      if (target.id === authOf(req).userId) throw forbidden('You cannot change your own status.');
      const updated = await setUserStatus(ctx.db, target.id, req.body.status);
      if (!updated) throw notFound();
      if (updated.status !== target.status) {
        await notify(ctx, target.id, statusNotes[updated.status]);
        await ctx.broadcaster.publish(channels.user(target.id), events.userUpdated, { id: target.id });
      }
      return { data: (await userViewById(ctx.db, target.id))! };
    },
  );
  api.post(
    '/admin/clients/:id/login-link',
    { config: admin, schema: { tags, params: idParam, response: { 200: adminLoginLinkResponse } } },
    async (req) => {
      if (!(await findUserById(ctx.db, req.params.id))) throw notFound();
      return { data: await issueLoginLink(ctx, req.params.id, ctx.config.publicUrl) };
    },
  );
  api.post(
    '/admin/clients/:id/sign-out',
    { config: admin, schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }) } } },
    async (req) => {
      if (!(await findUserById(ctx.db, req.params.id))) throw notFound();
      await deleteSessionsOf(ctx.db, req.params.id);
      return { message: 'Signed out of every device' };
    },
  );
}

function clientView(u: UserRow, balance: string) {
  return {
    id: u.id,
    name: `${u.firstName} ${u.lastName}`,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    username: u.username,
    phone: u.phone,
    country: u.country,
    account_id: u.accountId,
    status: u.status,
    role: u.role,
    is_online: isOnline(u.lastSeenAt),
    created_at: u.createdAt.toISOString(),
    balance,
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  type AdminClientDetail,
  adminClientDetailResponse,
  adminClientSchema,
  adminClientsQuery,
  adminLoginLinkResponse,
  adminRoleUpdate,
  adminStatusUpdate,
  channels,
  events,
  idParam,
  localized,
  notices,
  paged,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { authOf } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { issueLoginLink } from '../auth/auth.service.ts';
import { deleteSessionsOf } from '../auth/auth.repository.ts';
import { audit } from '../audit/audit.service.ts';
import { groupsOfAccounts } from '../groups/groups.service.ts';
import { tell } from '../preferences/preferences.service.ts';
import { isOnline } from '../users/presence.ts';
import { findUserById, setUserStatus, type UserRow } from '../users/users.repository.ts';
import { userViewById } from '../users/users.service.ts';
import { CLIENTS_PAGE_SIZE, type ClientBalance, searchClients } from './admin.repository.ts';

const statusNotes = {
  active: { title: localized(notices.accountApprovedTitle), message: localized(notices.accountApproved), color: 'success' },
  deactivated: { title: localized(notices.accountDeactivatedTitle), message: localized(notices.accountDeactivated), color: 'danger' },
  pending: { title: localized(notices.accountReviewTitle), message: localized(notices.accountReview), color: 'warning' },
} as const;

export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };
  // Reading is for every member of staff; deciding and configuring is for admins.
  const staff = { auth: 'staff' as const };
  const tags = ['admin'];

  api.get(
    '/admin/clients',
    { config: staff, schema: { tags, querystring: adminClientsQuery, response: { 200: paged(adminClientSchema) } } },
    async (req) => {
      const { rows, total } = await searchClients(ctx.db, req.query);
      const page = req.query.page;
      return {
        data: rows.map(({ user, balances }) => clientView(user, balances)),
        meta: { current_page: page, per_page: CLIENTS_PAGE_SIZE, total },
        links: { next: page * CLIENTS_PAGE_SIZE < total ? `/api/v1/admin/clients?page=${page + 1}` : null },
      };
    },
  );
  api.get('/admin/clients/:id', { config: staff, schema: { tags, params: idParam, response: { 200: adminClientDetailResponse } } }, async (req) => {
    const user = await clientDetail(ctx, req.params.id);
    if (!user) throw notFound();
    return { data: user };
  });
  api.patch(
    '/admin/clients/:id/status',
    { config: admin, schema: { tags, params: idParam, body: adminStatusUpdate, response: { 200: adminClientDetailResponse } } },
    async (req) => {
      const target = await findUserById(ctx.db, req.params.id);
      if (!target) throw notFound();
      if (target.id === authOf(req).userId) throw forbidden('You cannot change your own status.');
      const updated = await setUserStatus(ctx.db, target.id, req.body.status);
      if (!updated) throw notFound();
      if (updated.status !== target.status) {
        await audit(ctx.db, authOf(req), { action: `user.${updated.status}`, subjectType: 'user', subjectId: target.id, userId: target.id, details: { from: target.status, to: updated.status } });
        await tell(ctx, target.id, 'account', statusNotes[updated.status]);
        await ctx.broadcaster.publish(channels.user(target.id), events.userUpdated, { id: target.id });
      }
      return { data: (await clientDetail(ctx, target.id))! };
    },
  );
  api.patch(
    '/admin/clients/:id/role',
    { config: admin, schema: { tags, params: idParam, body: adminRoleUpdate, response: { 200: adminClientDetailResponse } } },
    async (req) => {
      const target = await findUserById(ctx.db, req.params.id);
      if (!target) throw notFound();
      if (target.role === 'admin') throw forbidden('An admin stays an admin.');
      await ctx.db.update(users).set({ role: req.body.role }).where(eq(users.id, target.id));
      await audit(ctx.db, authOf(req), { action: `user.role_${req.body.role}`, subjectType: 'user', subjectId: target.id, userId: target.id, details: { from: target.role, to: req.body.role } });
      // Sessions read the role on every request, so the change applies at once.
      return { data: (await clientDetail(ctx, target.id))! };
    },
  );
  api.post(
    '/admin/clients/:id/login-link',
    { config: admin, schema: { tags, params: idParam, response: { 200: adminLoginLinkResponse } } },
    async (req) => ({ data: await issueLoginLink(ctx, authOf(req), req.params.id, ctx.config.publicUrl) }),
  );
  api.post(
    '/admin/clients/:id/sign-out',
    { config: admin, schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }) } } },
    async (req) => {
      if (!(await findUserById(ctx.db, req.params.id))) throw notFound();
      await deleteSessionsOf(ctx.db, req.params.id);
      await audit(ctx.db, authOf(req), { action: 'user.signed_out', subjectType: 'user', subjectId: req.params.id, userId: req.params.id });
      return { message: 'Signed out of every device' };
    },
  );
}

/** A client as staff see them: the user's own view, each trading account with the customer group it trades in. */
async function clientDetail(ctx: AppContext, id: number): Promise<AdminClientDetail | null> {
  const user = await userViewById(ctx, id);
  if (!user) return null;
  const groups = await groupsOfAccounts(ctx.db, user.accounts.map((a) => a.id));
  return {
    ...user,
    accounts: user.accounts.map((a) => {
      const group = groups.get(a.id)!;
      return { ...a, group_id: group.id, group_name: group.name };
    }),
  };
}

function clientView(u: UserRow, balances: ClientBalance[]) {
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
    balances,
  };
}

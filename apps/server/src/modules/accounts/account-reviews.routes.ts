import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountDecisionResponse,
  accountReviewMessages as msg,
  adminAccountRequestsQuery,
  adminAccountRequestsResponse,
  idParam,
  rejectAccountRequest,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { listAccountReviews, pendingAccountCount } from './account-reviews.repository.ts';
import { decideAccount } from './account-reviews.service.ts';

/** Back office: the live accounts waiting for approval; every member of staff reads the queue, only admins decide. */
export async function accountReviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const admin = { auth: 'admin' as const };
  const staff = { auth: 'staff' as const };

  api.get('/admin/account_requests', { config: staff, schema: { tags, querystring: adminAccountRequestsQuery, response: { 200: adminAccountRequestsResponse } } }, async (req) => {
    const [data, pending] = await Promise.all([listAccountReviews(ctx.db, req.query.status), pendingAccountCount(ctx.db)]);
    return { data, counts: { pending } };
  });
  api.post('/admin/account_requests/:id/approve', { config: admin, schema: { tags, params: idParam, response: { 200: accountDecisionResponse } } }, async (req) => {
    await decideAccount(ctx, authOf(req), req.params.id, { approve: true });
    return { status: 'success' as const, message: msg.approved };
  });
  api.post(
    '/admin/account_requests/:id/reject',
    { config: admin, schema: { tags, params: idParam, body: rejectAccountRequest, response: { 200: accountDecisionResponse } } },
    async (req) => {
      await decideAccount(ctx, authOf(req), req.params.id, { approve: false, reason: req.body.reason });
      return { status: 'success' as const, message: msg.rejected };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPlanRequestsQuery,
  adminPlanRequestsResponse,
  idParam,
  planDecisionResponse,
  planMessages as msg,
  planRequestResponse,
  plansResponse,
  planUpgradeRequest,
  rejectPlanRequest,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { listPlanRequests } from './plan-requests.repository.ts';
import { decidePlanRequest, plansFor, requestPlan } from './plans.service.ts';

/** Account Plans: the comparison, the customer's upgrade request, the back office's queue. */
export async function planRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['plans'];
  const admin = { auth: 'admin' as const };
  // Reading is for every member of staff; deciding and configuring is for admins.
  const staff = { auth: 'staff' as const };

  api.get('/plans', { schema: { tags, response: { 200: plansResponse } } }, async (req) => plansFor(ctx.db, authOf(req).userId));
  api.post('/plans/request', { schema: { tags, body: planUpgradeRequest, response: { 200: planRequestResponse } } }, async (req) => ({
    status: 'success' as const,
    message: msg.requested,
    data: await requestPlan(ctx, authOf(req).userId, req.body.plan_id),
  }));

  api.get('/admin/plan_requests', { config: staff, schema: { tags, querystring: adminPlanRequestsQuery, response: { 200: adminPlanRequestsResponse } } }, async (req) => ({
    data: await listPlanRequests(ctx.db, req.query.status),
  }));
  api.post('/admin/plan_requests/:id/approve', { config: admin, schema: { tags, params: idParam, response: { 200: planDecisionResponse } } }, async (req) => {
    await decidePlanRequest(ctx, authOf(req).userId, req.params.id, { approve: true });
    return { status: 'success' as const, message: msg.approved };
  });
  api.post(
    '/admin/plan_requests/:id/reject',
    { config: admin, schema: { tags, params: idParam, body: rejectPlanRequest, response: { 200: planDecisionResponse } } },
    async (req) => {
      await decidePlanRequest(ctx, authOf(req).userId, req.params.id, { approve: false, reason: req.body.reason });
      return { status: 'success' as const, message: msg.rejected };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAutotraderRequestsQuery,
  adminAutotraderRequestsResponse,
  autotraderMessages as msg,
  autotraderResponse,
  idParam,
  rejectAutotraderRequest,
  updateAutotraderRequest,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { decideRequest, listRequests, requestAutotrader, switchOffAutotrader } from './autotrader.service.ts';

/** SPEC §4/§7 Auto Trader: the customer's request and switch-off, the back office's queue. */
export async function autotraderRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['autotrader'];
  const admin = { auth: 'admin' as const };
  // Reading is for every member of staff; deciding and configuring is for admins.
  const staff = { auth: 'staff' as const };
  const ok = (message: string) => ({ status: 'success' as const, message });

  api.post('/update/autotrader', { schema: { tags, body: updateAutotraderRequest, response: { 200: autotraderResponse } } }, async (req) => {
    await requestAutotrader(ctx, authOf(req).userId, req.body.autotrader_type);
    return ok(msg.requested);
  });
  api.post('/autotrader/off', { schema: { tags, response: { 200: autotraderResponse } } }, async (req) => {
    await switchOffAutotrader(ctx, authOf(req).userId);
    return ok(msg.switchedOff);
  });

  api.get('/admin/autotrader_requests', { config: staff, schema: { tags, querystring: adminAutotraderRequestsQuery, response: { 200: adminAutotraderRequestsResponse } } }, async (req) => ({
    data: await listRequests(ctx, req.query.status),
  }));
  api.post('/admin/autotrader_requests/:id/approve', { config: admin, schema: { tags, params: idParam, response: { 200: autotraderResponse } } }, async (req) => {
    await decideRequest(ctx, authOf(req).userId, req.params.id, { approve: true });
    return ok('Auto Trader request approved.');
  });
  api.post(
    '/admin/autotrader_requests/:id/reject',
    { config: admin, schema: { tags, params: idParam, body: rejectAutotraderRequest, response: { 200: autotraderResponse } } },
    async (req) => {
      await decideRequest(ctx, authOf(req).userId, req.params.id, { approve: false, reason: req.body.reason });
      return ok('Auto Trader request rejected.');
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { expertAdvisorsResponse, marketplaceMessages as msg, marketplaceQuery, purchaseEaRequest, purchaseEaResponse } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { addUserExtra } from '../users/users.service.ts';
import { usableItemIdsColumn } from './marketplace.repository.ts';
import { listItems, purchaseItem } from './marketplace.service.ts';

// GET /user carries the ids of the owned items the caller's plan allows (SPEC §3 User.eas).
addUserExtra('eas', usableItemIdsColumn);

export async function marketplaceRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['marketplace'];

  api.get('/expert_advisors', { schema: { tags, querystring: marketplaceQuery, response: { 200: expertAdvisorsResponse } } }, async (req) => ({
    data: await listItems(ctx.db, authOf(req).userId, req.query.lang),
  }));
  api.post('/purchase/ea', { schema: { tags, body: purchaseEaRequest, response: { 200: purchaseEaResponse } } }, async (req) => {
    await purchaseItem(ctx, authOf(req).userId, req.body.expert_advisor_id, req.body.account_id, idempotencyKey(req));
    return { status: 'success' as const, message: msg.purchased };
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody, pushMessages, pushPublicKeyResponse, pushSubscriptionSchema, pushUnsubscribeSchema } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { deleteOwnSubscription, saveSubscription } from './push.repository.ts';
import { pushVapid } from './push.service.ts';

/** Web Push: the server's public key, and each signed-in user's own devices (nobody touches another's). */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['push'];
  api.get('/push/public-key', { config: { auth: 'public' }, schema: { tags, response: { 200: pushPublicKeyResponse } } }, async () => ({
    data: { public_key: pushVapid(ctx)?.publicKey ?? null },
  }));
  api.post('/push/subscriptions', { schema: { tags, body: pushSubscriptionSchema, response: { 200: messageBody } } }, async (req) => {
    if (!pushVapid(ctx)) throw conflict(pushMessages.off);
    // Real push services are all https; plain http is for a local stand-in outside production.
    if (ctx.config.env === 'production' && !req.body.endpoint.startsWith('https://')) throw invalid('endpoint', pushMessages.endpoint);
    await saveSubscription(ctx.db, authOf(req).userId, req.body);
    return { message: 'Push notifications are on for this device' };
  });
  api.delete('/push/subscriptions', { schema: { tags, body: pushUnsubscribeSchema, response: { 200: messageBody } } }, async (req) => {
    if (!(await deleteOwnSubscription(ctx.db, authOf(req).userId, req.body.endpoint))) throw notFound();
    return { message: 'Push notifications are off for this device' };
  });
}

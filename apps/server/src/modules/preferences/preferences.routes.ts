import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preferencesResponse, preferencesUpdate } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { preferencesOf, updatePreferences } from './preferences.service.ts';

/** The signed-in customer's own settings (/main/settings). */
export async function preferencesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];
  api.get('/user/preferences', { schema: { tags, response: { 200: preferencesResponse } } }, async (req) => ({ data: await preferencesOf(ctx.db, authOf(req).userId) }));
  api.put('/user/preferences', { schema: { tags, body: preferencesUpdate, response: { 200: preferencesResponse } } }, async (req) => ({
    data: await updatePreferences(ctx.db, authOf(req).userId, req.body),
  }));
}

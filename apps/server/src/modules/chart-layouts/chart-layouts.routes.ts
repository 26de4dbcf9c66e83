import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chartLayoutResponse, chartLayoutUpdate } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { chartLayoutOf, saveChartLayout } from './chart-layouts.service.ts';

/** The signed-in user's own layout of the trading room's charts: nobody reads or writes another's. */
export async function chartLayoutRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chart'];
  api.get('/chart-layout', { schema: { tags, response: { 200: chartLayoutResponse } } }, async (req) => ({ data: await chartLayoutOf(ctx.db, authOf(req).userId) }));
  api.put('/chart-layout', { schema: { tags, body: chartLayoutUpdate, response: { 200: chartLayoutResponse } } }, async (req) => ({
    data: await saveChartLayout(ctx.db, authOf(req).userId, req.body),
  }));
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chartDrawingsParams, chartDrawingsResponse, chartDrawingsUpdate } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { chartDrawingsOf, saveChartDrawings } from './chart-drawings.service.ts';

/** The signed-in user's own drawings on an instrument's chart: nobody reads or writes another's. */
export async function chartDrawingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chart'];
  api.get('/chart-drawings/:assetId', { schema: { tags, params: chartDrawingsParams, response: { 200: chartDrawingsResponse } } }, async (req) => ({
    data: await chartDrawingsOf(ctx.db, authOf(req).userId, req.params.assetId),
  }));
  api.put('/chart-drawings/:assetId', { schema: { tags, params: chartDrawingsParams, body: chartDrawingsUpdate, response: { 200: chartDrawingsResponse } } }, async (req) => ({
    data: await saveChartDrawings(ctx.db, authOf(req).userId, req.params.assetId, req.body.drawings),
  }));
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityQuery, activityResponse } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { activityCsv, listActivity } from './activity.service.ts';

export async function activityRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trading'];

  api.get('/account/activity', { schema: { tags, querystring: activityQuery, response: { 200: activityResponse } } }, async (req) =>
    listActivity(ctx, authOf(req).userId, req.query),
  );
  api.get(
    '/account/activity/export.csv',
    { schema: { tags, querystring: activityQuery, response: { 200: z.string() } } },
    async (req, reply) => {
      const { csv, filename } = await activityCsv(ctx, authOf(req).userId, req.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
    },
  );
}

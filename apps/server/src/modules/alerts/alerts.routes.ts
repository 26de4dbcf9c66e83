import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alertInput, alertResponse, alertSettings, alertsResponse, idParam } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { createAlert, deleteAlert, editAlert, listAlerts, pauseAlert, resumeAlert } from './alerts.service.ts';

/** The signed-in customer's own price alerts; another customer's are answered 404. */
export async function alertRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['alerts'];
  api.get('/alerts', { schema: { tags, response: { 200: alertsResponse } } }, async (req) => listAlerts(ctx, authOf(req).userId));
  api.post('/alerts', { schema: { tags, body: alertInput, response: { 201: alertResponse } } }, async (req, reply) => {
    reply.code(201);
    return { data: await createAlert(ctx, authOf(req).userId, req.body) };
  });
  api.put('/alerts/:id', { schema: { tags, params: idParam, body: alertSettings, response: { 200: alertResponse } } }, async (req) => ({
    data: await editAlert(ctx, authOf(req).userId, req.params.id, req.body),
  }));
  api.post('/alerts/:id/pause', { schema: { tags, params: idParam, response: { 200: alertResponse } } }, async (req) => ({
    data: await pauseAlert(ctx, authOf(req).userId, req.params.id),
  }));
  api.post('/alerts/:id/resume', { schema: { tags, params: idParam, response: { 200: alertResponse } } }, async (req) => ({
    data: await resumeAlert(ctx, authOf(req).userId, req.params.id),
  }));
  api.delete('/alerts/:id', { schema: { tags, params: idParam } }, async (req, reply) => {
    await deleteAlert(ctx, authOf(req).userId, req.params.id);
    reply.code(204);
  });
}

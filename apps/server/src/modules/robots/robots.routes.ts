import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eaIdParam, killSwitchBody, killSwitchResponse, robotResponse, robotSettings, robotsResponse } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { deactivateRobot, listRobots, saveRobot, setKillSwitch } from './robots.service.ts';

/** The caller's Expert Advisors running on the server (SPEC §2 Expert Advisor panel). */
export async function robotRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['robots'];
  api.get('/robots', { schema: { tags, response: { 200: robotsResponse } } }, async (req) => listRobots(ctx, authOf(req).userId));
  api.post('/robots/kill_switch', { schema: { tags, body: killSwitchBody, response: { 200: killSwitchResponse } } }, async (req) => ({
    data: await setKillSwitch(ctx, authOf(req).userId, req.body.account_id, req.body.halted),
  }));
  api.put('/robots/:eaId', { schema: { tags, params: eaIdParam, body: robotSettings, response: { 200: robotResponse } } }, async (req) => ({
    data: await saveRobot(ctx, authOf(req).userId, req.params.eaId, req.body),
  }));
  api.delete('/robots/:eaId', { schema: { tags, params: eaIdParam } }, async (req, reply) => {
    await deactivateRobot(ctx, authOf(req).userId, req.params.eaId);
    reply.code(204);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAppropriatenessResponse,
  appropriatenessAcknowledgement,
  appropriatenessMessages as msg,
  appropriatenessStatusResponse,
  appropriatenessSubmission,
  idParam,
  riskWarningPeriodsResponse,
  riskWarningResponse,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { userExists } from './appropriateness.repository.ts';
import { acknowledgeWarning, answerAppropriateness, appropriatenessHistory, appropriatenessOf } from './appropriateness.service.ts';
import { currentRiskWarning, riskWarningPeriods } from './risk-warning.service.ts';

/** Regulated-broker rules: the customer's appropriateness test, the risk warning's figure, and the back office's view of both. */
export async function complianceRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['compliance'];
  const staff = { auth: 'staff' as const };

  api.get('/appropriateness', { schema: { tags, response: { 200: appropriatenessStatusResponse } } }, async (req) => ({ data: await appropriatenessOf(ctx.db, authOf(req).userId) }));

  api.post('/appropriateness', { schema: { tags, body: appropriatenessSubmission, response: { 201: appropriatenessStatusResponse } } }, async (req, reply) => {
    const data = await answerAppropriateness(ctx.db, authOf(req).userId, req.body);
    return reply.status(201).send({ data, message: msg.answered });
  });

  api.post('/appropriateness/acknowledge', { schema: { tags, body: appropriatenessAcknowledgement, response: { 200: appropriatenessStatusResponse } } }, async (req) => ({
    data: await acknowledgeWarning(ctx.db, authOf(req).userId),
    message: msg.acknowledged,
  }));

  api.get('/admin/clients/:id/appropriateness', { config: staff, schema: { tags, params: idParam, response: { 200: adminAppropriatenessResponse } } }, async (req) => {
    if (!(await userExists(ctx.db, req.params.id))) throw notFound();
    return { data: await appropriatenessHistory(ctx.db, req.params.id) };
  });

  api.get('/risk-warning', { config: { auth: 'public' }, schema: { tags, response: { 200: riskWarningResponse } } }, async () => ({ data: await currentRiskWarning(ctx.db) }));

  api.get('/admin/risk-warning', { config: staff, schema: { tags, response: { 200: riskWarningPeriodsResponse } } }, async () => riskWarningPeriods(ctx.db));
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backtestIdParam, backtestListResponse, backtestRequest, backtestResponse } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { loadJob } from './backtest-inputs.ts';
import { BacktestRunner } from './backtest-runner.ts';
import { failUnfinished } from './backtests.repository.ts';
import { createBacktest, getBacktest, listBacktests } from './backtests.service.ts';

/** Message on runs a previous process left unfinished. */
const INTERRUPTED = 'The server restarted while this backtest was running. Please run it again.';

export async function backtestRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['backtests'];
  await failUnfinished(ctx.db, INTERRUPTED);
  const runner = new BacktestRunner(ctx, (id) => loadJob(ctx, id));
  ctx.onClose(() => runner.close());

  api.post('/backtests', { schema: { tags, body: backtestRequest, response: { 201: backtestResponse } } }, async (req, reply) => {
    const data = await createBacktest(ctx, authOf(req).userId, req.body, (id) => runner.enqueue(id));
    return reply.status(201).send({ data });
  });
  api.get('/backtests', { schema: { tags, response: { 200: backtestListResponse } } }, async (req) => ({
    data: await listBacktests(ctx, authOf(req).userId),
  }));
  api.get('/backtests/:id', { schema: { tags, params: backtestIdParam, response: { 200: backtestResponse } } }, async (req) => ({
    data: await getBacktest(ctx, authOf(req).userId, req.params.id),
  }));
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { savingsMoveInput, savingsResponse } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { runEvery } from '../../lib/background-job.ts';
import { publishUserUpdated } from '../users/user-updates.service.ts';
import { accrueInterest, moveIntoSavings, moveOutOfSavings, savingsOf } from './savings.service.ts';

/** The customer's savings: balance and history, moves in and out. */
export async function savingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['savings'];
  api.get('/savings', { schema: { tags, response: { 200: savingsResponse } } }, async (req) => ({ data: await savingsOf(ctx.db, authOf(req).userId) }));
  for (const [path, move] of [
    ['/savings/deposit', moveIntoSavings],
    ['/savings/withdraw', moveOutOfSavings],
  ] as const) {
    api.post(path, { schema: { tags, body: savingsMoveInput, response: { 200: savingsResponse } } }, async (req) => {
      const { userId } = authOf(req);
      await move(ctx, userId, req.body.account_id, req.body.amount, idempotencyKey(req));
      await publishUserUpdated(ctx, userId);
      return { data: await savingsOf(ctx.db, userId) };
    });
  }
}

/** The daily interest, checked hourly on the node that runs background work; paying is once per day by its unique row. */
export async function savingsAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers) return;
  // Once at start too, so a node restarted more often than hourly still pays the day.
  accrueInterest(ctx, Date.now()).catch((error: unknown) => ctx.log.error({ err: error }, 'savings interest failed'));
  runEvery(ctx, 3_600_000, 'savings interest', () => accrueInterest(ctx, Date.now()));
}

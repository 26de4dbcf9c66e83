import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountQuery,
  accountSummaryResponse,
  closeAllRequest,
  closeAllResponse,
  closeTradeRequest,
  closeTradeResponse,
  idParam,
  modifyTradeRequest,
  orderCostsQuery,
  orderCostsResponse,
  paged,
  storeTradeRequest,
  storeTradeResponse,
  tradeResponse,
  tradeSchema,
  tradesQuery,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { placeOrder } from './order.service.ts';
import { orderCosts } from './order-costs.service.ts';
import { cancelOrder, closeAll, closeTrade, modifyTrade } from './positions.service.ts';
import { accountSummaryOf, closedTradesCsv, listTrades, type TradeList } from './trades-query.service.ts';

/** When the request arrived, on the `performance.now()` clock (for the fill receipt's latency). */
const arrivedAt = (reply: FastifyReply) => performance.now() - reply.elapsedTime;

export async function tradingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trading'];

  api.post(
    '/trades/store',
    { schema: { tags, body: storeTradeRequest, response: { 201: storeTradeResponse } } },
    async (req, reply) => {
      const placed = await placeOrder(ctx, authOf(req).userId, req.body, idempotencyKey(req), arrivedAt(reply)).catch((error: unknown) => {
        ctx.metrics.orders.inc({ outcome: error instanceof HttpError && error.status < 500 ? 'refused' : 'failed' });
        throw error;
      });
      if (placed.replayed) reply.header('idempotent-replayed', 'true');
      else ctx.metrics.orders.inc({ outcome: placed.body.data.status === 'pending' ? 'pending' : 'opened' });
      return reply.status(201).send(placed.body);
    },
  );
  api.post(
    '/trade/:id/close',
    { schema: { tags, params: idParam, body: closeTradeRequest, response: { 200: closeTradeResponse } } },
    async (req, reply) => closeTrade(ctx, authOf(req).userId, req.params.id, req.body?.volume, arrivedAt(reply)),
  );
  api.post(
    '/trades/close-all',
    { schema: { tags, body: closeAllRequest, response: { 200: closeAllResponse } } },
    async (req) => closeAll(ctx, authOf(req).userId, req.body?.account_id),
  );
  api.post(
    '/trade/:id/cancel',
    { schema: { tags, params: idParam, response: { 200: tradeResponse } } },
    async (req) => ({ data: await cancelOrder(ctx, authOf(req).userId, req.params.id) }),
  );
  api.patch(
    '/trade/:id',
    { schema: { tags, params: idParam, body: modifyTradeRequest, response: { 200: tradeResponse } } },
    async (req) => ({ data: await modifyTrade(ctx, authOf(req).userId, req.params.id, req.body) }),
  );

  const lists: [string, TradeList][] = [['/open/trades', 'open'], ['/closed/trades', 'closed'], ['/pending/orders', 'pending']];
  for (const [path, list] of lists) {
    api.get(path, { schema: { tags, querystring: tradesQuery, response: { 200: paged(tradeSchema) } } }, async (req) =>
      listTrades(ctx, authOf(req).userId, list, req.query.page, req.query.account_id),
    );
  }
  api.get(
    '/trades/costs',
    { schema: { tags, querystring: orderCostsQuery, response: { 200: orderCostsResponse } } },
    async (req) => ({ data: await orderCosts(ctx, authOf(req).userId, req.query) }),
  );
  api.get(
    '/account/summary',
    { schema: { tags, querystring: accountQuery, response: { 200: accountSummaryResponse } } },
    async (req) => ({ data: await accountSummaryOf(ctx, authOf(req).userId, req.query.account_id) }),
  );
  api.get(
    '/closed/trades/export.csv',
    { schema: { tags, querystring: accountQuery, response: { 200: z.string() } } },
    async (req, reply) => {
      const { csv, filename } = await closedTradesCsv(ctx, authOf(req).userId, req.query.account_id);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
    },
  );
}

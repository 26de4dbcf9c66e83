import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AdminTrade, adminTradeSchema, adminTradesQuery, idParam, paged } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { robotNames } from '../robots/robots.repository.ts';
import { accountFor } from './order.service.ts';
import { tradesPage } from './trades-query.service.ts';
import { tradingRuntime } from './trading-runtime.ts';

/** Back office: a customer's open positions, pending orders and closed trades, readable by every member of staff. */
export async function tradesAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/admin/clients/:id/trades',
    { config: { auth: 'staff' }, schema: { tags: ['admin', 'trading'], params: idParam, querystring: adminTradesQuery, response: { 200: paged(adminTradeSchema) } } },
    async (req) => {
      const { status, page, account_id } = req.query;
      const account = await accountFor(ctx, req.params.id, account_id);
      const link = (p: number) => `/api/v1/admin/clients/${req.params.id}/trades?status=${status}&page=${p}&account_id=${account.id}`;
      const listed = await tradesPage(ctx, account, status, page, link);
      const names = await robotNames(ctx.db, listed.data.flatMap((t) => (t.robot_id === null ? [] : [t.robot_id])));
      const digits = new Map<number, number | null>();
      for (const id of new Set(listed.data.map((t) => t.asset_id))) digits.set(id, (await tradingRuntime(ctx).catalog.get(id))?.digits ?? null);
      const data: AdminTrade[] = listed.data.map((t) => ({
        ...t,
        robot_name: t.robot_id === null ? null : (names.get(t.robot_id) ?? null),
        digits: digits.get(t.asset_id) ?? null,
      }));
      return { ...listed, data };
    },
  );
}

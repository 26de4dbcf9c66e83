import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ASSETS_PAGE_SIZE,
  adminAssetsQuery,
  adminAssetUpdate,
  assetKeyParam,
  assetSchema,
  assetsResponse,
  candlesQuery,
  candlesResponse,
  envelope,
  idParam,
  instrumentFeedConfig,
  paged,
  priceFeedsConfigResponse,
  priceFeedsResponse,
  priceSocket,
  priceSocketConfigResponse,
} from '@bourse/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { candlesOf } from './candle.service.ts';
import { adminAssetPage, priceFeedsConfigView, priceFeedsView, setInstrumentFeed, updateAssetTerms } from './market.service.ts';
import { venueStatuses } from '../trading/a-book/a-book.service.ts';
import { marketOf } from './market.runtime.ts';

export async function marketRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['market'];

  // Served from a cache of its serialised form (rebuilt at most once a second), so this route is
  // typed without the zod provider: the schema still documents the shape.
  app.get('/assets', { schema: { tags, response: { 200: assetsResponse } } }, async (req, reply) => {
    const market = marketOf(ctx);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(market.assetsGzip());
    return reply.send(market.assetsJson());
  });

  // The key is the SPEC's public app key of the price socket: any signed-in client may have it.
  api.get('/market/socket', { schema: { tags, response: { 200: priceSocketConfigResponse } } }, async () => ({
    data: { key: ctx.config.priceSocketKey, path: priceSocket.path },
  }));

  api.get(
    '/assets/:id/candles',
    { schema: { tags, params: assetKeyParam, querystring: candlesQuery, response: { 200: candlesResponse } } },
    async (req) => {
      const market = marketOf(ctx);
      const inst = market.state.find(req.params.id);
      if (!inst?.enabled) throw notFound();
      return { data: await candlesOf(ctx.db, inst, market.seed, market.aggregator, req.query, Date.now()) };
    },
  );

  const admin = { auth: 'admin' as const };
  // Reading is for every member of staff; deciding and configuring is for admins.
  const staff = { auth: 'staff' as const };
  api.get('/admin/assets', { config: staff, schema: { tags: ['admin'], querystring: adminAssetsQuery, response: { 200: paged(assetSchema) } } }, async (req) => {
    const { data, total } = await adminAssetPage(ctx, req.query);
    const page = req.query.page;
    const next = new URLSearchParams({ ...(req.query.search ? { search: req.query.search } : {}), ...(req.query.type ? { type: req.query.type } : {}), page: String(page + 1) });
    return {
      data,
      meta: { current_page: page, per_page: ADMIN_ASSETS_PAGE_SIZE, total },
      links: { next: page * ADMIN_ASSETS_PAGE_SIZE < total ? `/api/v1/admin/assets?${next}` : null },
    };
  });

  api.patch(
    '/admin/assets/:id',
    { config: admin, schema: { tags: ['admin'], params: idParam, body: adminAssetUpdate, response: { 200: envelope(assetSchema) } } },
    async (req) => ({ data: await updateAssetTerms(ctx, req.params.id, req.body) }),
  );

  api.get('/admin/price-feeds/config', { config: staff, schema: { tags: ['admin'], response: { 200: priceFeedsConfigResponse } } }, async () => ({
    data: await priceFeedsConfigView(ctx),
  }));

  const symbolParam = z.object({ symbol: z.string().min(1).max(40) });
  api.put(
    '/admin/price-feeds/instruments/:symbol',
    { config: admin, schema: { tags: ['admin'], params: symbolParam, body: instrumentFeedConfig, response: { 200: priceFeedsConfigResponse } } },
    async (req) => ({ data: await setInstrumentFeed(ctx, authOf(req), req.params.symbol, req.body) }),
  );
  api.delete(
    '/admin/price-feeds/instruments/:symbol',
    { config: admin, schema: { tags: ['admin'], params: symbolParam, response: { 200: priceFeedsConfigResponse } } },
    async (req) => ({ data: await setInstrumentFeed(ctx, authOf(req), req.params.symbol, null) }),
  );

  api.get('/admin/price-feeds', { config: staff, schema: { tags: ['admin'], response: { 200: priceFeedsResponse } } }, async () => ({
    data: priceFeedsView(marketOf(ctx).feeds, marketOf(ctx).state, await venueStatuses(ctx)),
  }));
}

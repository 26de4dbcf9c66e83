import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SWAP_RATES_PAGE_SIZE, swapRateInput, swapRateResponse, swapRatesQuery, swapRatesResponse, swapSymbolParam, type SwapRate } from '@bourse/contract';
import type { AppContext } from '../../../app-context.ts';
import { authOf } from '../../../http/auth.ts';
import { notFound } from '../../../http/errors.ts';
import { audit } from '../../audit/audit.service.ts';
import { removeSwapRate, saveSwapRate, swapRateOf, swapRatesPage, tripleDayNumber } from './swap-rates.repository.ts';

const NO_INSTRUMENT = 'No instrument of the catalogue has this symbol.';

/** The terms an audit entry records before and after a change. */
const terms = (r: SwapRate) => (r.custom ? { long_rate: r.long_rate, short_rate: r.short_rate, unit: r.unit, triple_day: r.triple_day } : null);

/**
 * Back office: swap rates per instrument. Every member of staff reads them; admins set and remove
 * them, each change written to the audit log with the terms before and after. A change applies from
 * the next rollover.
 */
export async function swapRatesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'trading'];
  const staff = { auth: 'staff' as const };
  const admin = { auth: 'admin' as const };

  api.get('/admin/swap-rates', { config: staff, schema: { tags, querystring: swapRatesQuery, response: { 200: swapRatesResponse } } }, async (req) => {
    const { rows, total } = await swapRatesPage(ctx.db, req.query);
    const next = req.query.page * SWAP_RATES_PAGE_SIZE < total;
    const params = new URLSearchParams({ ...(req.query.search ? { search: req.query.search } : {}), ...(req.query.type ? { type: req.query.type } : {}), ...(req.query.custom ? { custom: req.query.custom } : {}) });
    params.set('page', String(req.query.page + 1));
    return {
      data: rows,
      meta: { current_page: req.query.page, per_page: SWAP_RATES_PAGE_SIZE, total },
      links: { next: next ? `/api/v1/admin/swap-rates?${params}` : null },
    };
  });

  api.get('/admin/swap-rates/:symbol', { config: staff, schema: { tags, params: swapSymbolParam, response: { 200: swapRateResponse } } }, async (req) => {
    const rate = await swapRateOf(ctx.db, req.params.symbol);
    if (!rate) throw notFound(NO_INSTRUMENT);
    return { data: rate };
  });

  api.put(
    '/admin/swap-rates/:symbol',
    { config: admin, schema: { tags, params: swapSymbolParam, body: swapRateInput, response: { 200: swapRateResponse } } },
    async (req) => {
      const actor = authOf(req);
      const data = await ctx.db.transaction(async (tx) => {
        const before = await swapRateOf(tx, req.params.symbol);
        if (!before) throw notFound(NO_INSTRUMENT);
        const { long_rate, short_rate, unit, triple_day } = req.body;
        await saveSwapRate(tx, before.symbol, { longRate: long_rate, shortRate: short_rate, unit, tripleDay: tripleDayNumber(triple_day) }, actor.userId);
        const after = (await swapRateOf(tx, before.symbol))!;
        await audit(tx, actor, { action: 'swap_rate.set', subjectType: 'instrument', subjectId: before.symbol, details: { before: terms(before), after: terms(after) } });
        return after;
      });
      return { data };
    },
  );

  api.delete('/admin/swap-rates/:symbol', { config: admin, schema: { tags, params: swapSymbolParam, response: { 200: swapRateResponse } } }, async (req) => {
    const actor = authOf(req);
    const data = await ctx.db.transaction(async (tx) => {
      const before = await swapRateOf(tx, req.params.symbol);
      if (!before) throw notFound(NO_INSTRUMENT);
      if (await removeSwapRate(tx, before.symbol)) {
        await audit(tx, actor, { action: 'swap_rate.removed', subjectType: 'instrument', subjectId: before.symbol, details: { before: terms(before), after: null } });
      }
      return (await swapRateOf(tx, before.symbol))!;
    });
    return { data };
  });
}

import { Decimal } from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assetIdParam,
  type DeskPeriod,
  dailyPnlQuery,
  dailyPnlResponse,
  deskAccountsQuery,
  deskMessages as msg,
  deskPeriodQuery,
  exposureResponse,
  groupsResponse,
  HEDGES_PAGE_SIZE,
  hedgeResponse,
  hedgeRuleInput,
  hedgeRuleResponse,
  hedgeRulesResponse,
  hedgeSchema,
  hedgesQuery,
  manualHedgeInput,
  messageBody,
  paged,
  topCustomersResponse,
  toxicFlowQuery,
  toxicFlowResponse,
} from '@bourse/contract';
import type { AppContext } from '../../../app-context.ts';
import { authOf } from '../../../http/auth.ts';
import { invalid, notFound } from '../../../http/errors.ts';
import { csvText } from '../../../lib/csv.ts';
import { audit } from '../../audit/audit.service.ts';
import { allGroups } from '../../groups/groups.service.ts';
import { tradingRuntime } from '../trading-runtime.ts';
import { utcDay } from './day-snapshot.ts';
import { publishDesk } from './desk-feed.ts';
import { figuresView, hedgeView, pnlView, ruleView } from './desk-views.ts';
import { exposureOf } from './exposure.ts';
import { checkRule, sendHedge, writeHedge } from './hedging.ts';
import { allRules, deleteRule, hedgePage, upsertRule } from './hedges.repository.ts';
import { dailyPnl, keptDays, type Span, topAccounts, toxicAccounts } from './reports.repository.ts';
import { holdsWorkerLease } from '../../../workers/worker-role.ts';

const DAY_MS = 86_400_000;

/** A period of whole UTC days: the last 30 (today included) by default. */
function spanOf(period: DeskPeriod): Span & { fromDay: string; toDay: string } {
  const toDay = period.to ?? utcDay(Date.now()).day;
  const fromDay = period.from ?? new Date(Date.parse(`${toDay}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  if (fromDay > toDay) throw invalid('from', msg.period);
  return { fromDay, toDay, from: new Date(`${fromDay}T00:00:00Z`), to: new Date(Date.parse(`${toDay}T00:00:00Z`) + DAY_MS) };
}

const CSV_HEADER = ['day', 'group', 'instrument', 'currency', 'trades', 'lots', 'spread_income', 'commissions', 'swaps', 'customers_realised_pnl', 'house_pnl'];

/**
 * The dealing desk (admins and dealers; never support or customers): live exposure, hedging rules,
 * hedges by hand and their history, top customers, toxic-flow flags and daily P&L reports. Every
 * write is audited. The desk's channel (`private-desk`) tells the page when to read again.
 */
export async function deskRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'desk'];
  const desk = { auth: 'desk' as const };
  const instrumentOf = async (assetId: number, field: string) => {
    const instrument = await tradingRuntime(ctx).catalog.get(assetId);
    if (!instrument) throw invalid(field, msg.unknownInstrument);
    return instrument;
  };

  api.get('/admin/desk/exposure', { config: desk, schema: { tags, querystring: deskAccountsQuery, response: { 200: exposureResponse } } }, async (req) => ({
    data: await exposureOf(ctx, req.query.accounts),
  }));

  // The groups a dealer can move a customer to.
  api.get('/admin/desk/groups', { config: desk, schema: { tags, response: { 200: groupsResponse } } }, async () => ({ data: await allGroups(ctx.db) }));

  api.get('/admin/desk/hedge-rules', { config: desk, schema: { tags, response: { 200: hedgeRulesResponse } } }, async () => ({ data: (await allRules(ctx.db)).map(ruleView) }));

  api.put('/admin/desk/hedge-rules/:assetId', { config: desk, schema: { tags, params: assetIdParam, body: hedgeRuleInput, response: { 200: hedgeRuleResponse } } }, async (req) => {
    const actor = authOf(req);
    const instrument = await instrumentOf(req.params.assetId, 'asset_id');
    const rule = await ctx.db.transaction(async (tx) => {
      const row = await upsertRule(tx, { assetId: instrument.id, assetSymbol: instrument.symbol, thresholdLots: req.body.threshold_lots.toFixed(2), enabled: req.body.enabled, updatedBy: actor.userId });
      await audit(tx, actor, { action: 'hedge_rule.set', subjectType: 'instrument', subjectId: instrument.id, details: { symbol: instrument.symbol, threshold_lots: req.body.threshold_lots, enabled: req.body.enabled } });
      return row;
    });
    // Decided at once (on the lease holder; elsewhere at its next beat): an exposure already over the new threshold is hedged now.
    if (holdsWorkerLease(ctx)) await checkRule(ctx, instrument.id);
    await publishDesk(ctx, 'hedges', [instrument.id]);
    return { data: ruleView((await allRules(ctx.db)).find((r) => r.assetId === rule.assetId) ?? rule) };
  });

  api.delete('/admin/desk/hedge-rules/:assetId', { config: desk, schema: { tags, params: assetIdParam, response: { 200: messageBody } } }, async (req) => {
    const actor = authOf(req);
    await ctx.db.transaction(async (tx) => {
      const removed = await deleteRule(tx, req.params.assetId);
      if (!removed) throw notFound(msg.ruleNotFound);
      await audit(tx, actor, { action: 'hedge_rule.removed', subjectType: 'instrument', subjectId: removed.assetId, details: { symbol: removed.assetSymbol, threshold_lots: Number(removed.thresholdLots) } });
    });
    await publishDesk(ctx, 'hedges', [req.params.assetId]);
    return { message: 'Hedging rule removed.' };
  });

  api.get('/admin/desk/hedges', { config: desk, schema: { tags, querystring: hedgesQuery, response: { 200: paged(hedgeSchema) } } }, async (req) => {
    const { page, asset_id } = req.query;
    const { rows, total } = await hedgePage(ctx.db, { assetId: asset_id, page, size: HEDGES_PAGE_SIZE });
    const next = page * HEDGES_PAGE_SIZE < total ? `/api/v1/admin/desk/hedges?page=${page + 1}${asset_id ? `&asset_id=${asset_id}` : ''}` : null;
    return { data: rows.map(hedgeView), meta: { current_page: page, per_page: HEDGES_PAGE_SIZE, total }, links: { next } };
  });

  api.post('/admin/desk/hedges', { config: desk, schema: { tags, body: manualHedgeInput, response: { 201: hedgeResponse } } }, async (req, reply) => {
    const actor = authOf(req);
    const instrument = await instrumentOf(req.body.asset_id, 'asset_id');
    const hedge = await ctx.db.transaction(async (tx) => {
      const row = await writeHedge(ctx, tx, instrument, { origin: 'manual', side: req.body.side, lots: new Decimal(req.body.lots), createdBy: actor.userId });
      await audit(tx, actor, { action: 'hedge.placed', subjectType: 'hedge', subjectId: row.id, details: { symbol: instrument.symbol, side: row.side, lots: req.body.lots, venue: row.venue } });
      return row;
    });
    const sent = await sendHedge(ctx, hedge);
    await publishDesk(ctx, 'hedges', [instrument.id]);
    return reply.code(201).send({ data: hedgeView({ ...sent, createdByEmail: null }) });
  });

  api.get('/admin/desk/top-customers', { config: desk, schema: { tags, querystring: deskPeriodQuery, response: { 200: topCustomersResponse } } }, async (req) => {
    const span = spanOf(req.query);
    const [byPnl, byVolume] = await Promise.all([topAccounts(ctx.db, span, 'pnl'), topAccounts(ctx.db, span, 'volume')]);
    return { data: { from: span.fromDay, to: span.toDay, by_pnl: byPnl.map(figuresView), by_volume: byVolume.map(figuresView) } };
  });

  api.get('/admin/desk/toxic-flow', { config: desk, schema: { tags, querystring: toxicFlowQuery, response: { 200: toxicFlowResponse } } }, async (req) => {
    const span = spanOf(req.query);
    const q = { withinSeconds: req.query.within_seconds, minTrades: req.query.min_trades, minWinRate: req.query.min_win_rate };
    const rows = await toxicAccounts(ctx.db, span, q);
    const flags = rows.map((r) => ({
      ...figuresView(r),
      quick_trades: r.quick_trades,
      quick_wins: r.quick_wins,
      quick_profit: Number(r.quick_profit),
      win_rate: Math.round((r.quick_wins / r.quick_trades) * 1000) / 10,
      median_seconds: Number(r.median_seconds),
    }));
    return { data: { from: span.fromDay, to: span.toDay, within_seconds: q.withinSeconds, min_trades: q.minTrades, min_win_rate: q.minWinRate, flags } };
  });

  api.get('/admin/desk/reports/daily', { config: desk, schema: { tags, querystring: dailyPnlQuery, response: { 200: dailyPnlResponse } } }, async (req) => {
    const span = spanOf(req.query);
    const [rows, snapshots] = await Promise.all([dailyPnl(ctx.db, span, req.query.accounts), keptDays(ctx.db, span)]);
    return { data: { from: span.fromDay, to: span.toDay, rows: rows.map(pnlView), snapshots } };
  });

  api.get('/admin/desk/reports/daily.csv', { config: desk, schema: { tags, querystring: dailyPnlQuery } }, async (req, reply) => {
    const span = spanOf(req.query);
    const rows = (await dailyPnl(ctx.db, span, req.query.accounts)).map((r) => [
      r.day, r.group_name, r.symbol, r.currency, r.trades, r.lots, r.spread_income, r.commissions, r.swaps, r.realised_pnl, r.house_pnl,
    ]);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="desk-pnl-${span.fromDay}-${span.toDay}.csv"`)
      .send(csvText([CSV_HEADER, ...rows]));
  });
}

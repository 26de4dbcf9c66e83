import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  corporateActionInput,
  corporateActionMessages as msg,
  corporateActionResponse,
  corporateActionsImport,
  corporateActionsResponse,
  idParam,
  messageBody,
  parseCorporateActionsCsv,
} from '@bourse/contract';
import type { AppContext } from '../../../app-context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { authOf } from '../../../http/auth.ts';
import { conflict, HttpError, invalid, notFound } from '../../../http/errors.ts';
import { audit } from '../../audit/audit.service.ts';
import { actionById, deleteAction, dividendSymbols, existingActions, insertActions, listActions } from './dividends.repository.ts';

type Row = { symbol: string; ex_date: string; amount: number };

/** The problems of rows the catalogue or the table refuses (unknown symbol, an action already on that day), by `label`. */
async function refusals(db: DbOrTx, rows: Row[], label: (i: number) => string): Promise<string[]> {
  const [known, taken] = await Promise.all([dividendSymbols(db, [...new Set(rows.map((r) => r.symbol))]), existingActions(db, rows)]);
  return rows.flatMap((r, i) => {
    if (!known.has(r.symbol)) return [`${label(i)}${msg.symbol}`];
    if (taken.has(`${r.symbol}|${r.ex_date}`)) return [`${label(i)}${msg.duplicate}`];
    return [];
  });
}

/**
 * Back office: dividends of share and index CFDs. Staff read them; admins enter one, import a CSV
 * (refused whole, every bad row named, when any row is bad), and remove one not yet applied. Each
 * write is audited.
 */
export async function corporateActionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'trading'];
  const staff = { auth: 'staff' as const };
  const admin = { auth: 'admin' as const };

  api.get('/admin/corporate-actions', { config: staff, schema: { tags, response: { 200: corporateActionsResponse } } }, async () => ({ data: await listActions(ctx.db) }));

  api.post('/admin/corporate-actions', { config: admin, schema: { tags, body: corporateActionInput, response: { 201: corporateActionResponse } } }, async (req, reply) => {
    const actor = authOf(req);
    const data = await ctx.db.transaction(async (tx) => {
      const [problem] = await refusals(tx, [req.body], () => '');
      if (problem) throw invalid(problem === msg.symbol ? 'symbol' : 'ex_date', problem);
      const [id] = await insertActions(tx, [req.body], actor.userId);
      await audit(tx, actor, { action: 'corporate_action.create', subjectType: 'instrument', subjectId: req.body.symbol, details: { ...req.body } });
      return (await actionById(tx, id!))!;
    });
    return reply.code(201).send({ data });
  });

  api.post('/admin/corporate-actions/import', { config: admin, schema: { tags, body: corporateActionsImport, response: { 200: corporateActionsResponse } } }, async (req) => {
    const actor = authOf(req);
    const parsed = parseCorporateActionsCsv(req.body.csv);
    const fail = (problems: string[]) => new HttpError(422, problems[0]!, { csv: problems });
    if (parsed.problems.length > 0) throw fail(parsed.problems);
    await ctx.db.transaction(async (tx) => {
      const problems = await refusals(tx, parsed.rows, (i) => `Row ${i + 2}: `);
      if (problems.length > 0) throw fail(problems);
      await insertActions(tx, parsed.rows, actor.userId);
      await audit(tx, actor, { action: 'corporate_action.import', subjectType: 'instrument', subjectId: null, details: { rows: parsed.rows.length } });
    });
    return { data: await listActions(ctx.db) };
  });

  api.delete('/admin/corporate-actions/:id', { config: admin, schema: { tags, params: idParam, response: { 200: messageBody } } }, async (req) => {
    const actor = authOf(req);
    await ctx.db.transaction(async (tx) => {
      const action = await actionById(tx, req.params.id);
      if (!action) throw notFound(msg.notFound);
      if (!(await deleteAction(tx, action.id))) throw conflict(msg.applied);
      await audit(tx, actor, { action: 'corporate_action.delete', subjectType: 'instrument', subjectId: action.symbol, details: { ex_date: action.ex_date, amount: action.amount } });
    });
    return { message: 'Corporate action removed.' };
  });
}

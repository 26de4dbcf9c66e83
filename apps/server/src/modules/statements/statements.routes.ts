import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountHistoryQuery, accountHistoryResponse, costsStatementParams, countryOptions, idParam, isStaff, statementMonthsResponse, statementParams } from '@bourse/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { tradingAccounts, users } from '../../db/schema/index.ts';
import { authOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import { costsStatement } from './costs-statement.ts';
import { costsStatementPdf } from './costs-statement-pdf.ts';
import { accountHistory } from './history.ts';
import { statementEntries, statementMonths, statementSummary, statementTrades } from './statement.ts';
import { statementCsvLines } from './statement-csv.ts';
import { statementPdf } from './statement-pdf.ts';

/** The holder's address on one line, or '' when they have given no street or city. */
function postalAddress(u: UserRow): string {
  if (!u.addressLine1 && !u.city) return '';
  const country = countryOptions.find((o) => o.value === u.country.replace(/_/g, '-'))?.label ?? u.country;
  return [u.addressLine1, u.addressLine2, [u.postalCode, u.city].filter(Boolean).join(' '), country].filter(Boolean).join(', ');
}

/**
 * Monthly account statements (PDF and CSV), the annual costs-and-charges statement (PDF) and the
 * balance history, for the account's owner and the back office.
 */
export async function statementRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const accountFor = async (caller: ReturnType<typeof authOf>, id: number) => {
    const [row] = await ctx.db.select({ account: tradingAccounts, holder: users }).from(tradingAccounts).innerJoin(users, eq(users.id, tradingAccounts.userId)).where(eq(tradingAccounts.id, id));
    // Another customer's account is as unknown as a missing one.
    if (!row || (row.account.userId !== caller.userId && !isStaff(caller.role))) throw notFound();
    return { account: row.account, owner: `${row.holder.firstName} ${row.holder.lastName}`.trim(), address: postalAddress(row.holder) };
  };

  api.get('/accounts/:id/statements', { schema: { tags, params: idParam, response: { 200: statementMonthsResponse } } }, async (req) => {
    const { account } = await accountFor(authOf(req), req.params.id);
    return { data: await statementMonths(ctx.db, account.id) };
  });
  api.get('/accounts/:id/history', { schema: { tags, params: idParam, querystring: accountHistoryQuery, response: { 200: accountHistoryResponse } } }, async (req) => {
    const { account } = await accountFor(authOf(req), req.params.id);
    return { data: await accountHistory(ctx.db, account, req.query.range, Date.now()) };
  });
  api.get('/accounts/:id/statements/:file', { schema: { tags, params: statementParams } }, async (req, reply) => {
    const { account, owner, address } = await accountFor(authOf(req), req.params.id);
    const [, month, format] = /^(\d{4}-\d{2})\.(csv|pdf)$/.exec(req.params.file)!;
    // Figures first: a statement that does not reconcile is refused before a byte is sent.
    const summary = await statementSummary(ctx.db, account, month!);
    const entries = statementEntries(ctx.db, summary);
    const closed = statementTrades(ctx.db, summary);
    reply.header('content-disposition', `attachment; filename="statement-${account.number}-${month}.${format}"`).header('cache-control', 'private, no-store');
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(Readable.from(statementCsvLines(summary, entries, closed)));
    const broker = (await getSiteSettings(ctx.db)).name;
    const { doc, written } = statementPdf(summary, { owner, address, broker }, entries, closed);
    written.catch((error: unknown) => {
      req.log.error({ err: error }, 'statement PDF failed while streaming');
      doc.destroy(error as Error);
    });
    return reply.type('application/pdf').send(doc);
  });
  api.get('/accounts/:id/costs-statements/:year', { schema: { tags, params: costsStatementParams } }, async (req, reply) => {
    const { account, owner, address } = await accountFor(authOf(req), req.params.id);
    const figures = await costsStatement(ctx.db, account, req.params.year);
    const broker = (await getSiteSettings(ctx.db)).name;
    reply.header('content-disposition', `attachment; filename="costs-${account.number}-${req.params.year}.pdf"`).header('cache-control', 'private, no-store');
    return reply.type('application/pdf').send(costsStatementPdf(figures, { owner, address, broker }));
  });
}

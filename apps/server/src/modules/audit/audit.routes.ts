import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActionLabel, auditActionsResponse, auditChainResponse, auditLogEntrySchema, auditLogQuery, auditQuery, auditResponse, paged, type AuditLogEntry } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { csvText } from '../../lib/csv.ts';
import { AUDIT_EXPORT_LIMIT, AUDIT_PAGE_SIZE, auditActions, countAuditLog, searchAuditLog } from './audit-log.repository.ts';
import { auditEntries, checkAuditChain } from './audit.service.ts';

const CSV_HEADER = ['Time (UTC)', 'Actor role', 'Actor id', 'Actor e-mail', 'Action', 'Action code', 'Customer id', 'Customer e-mail', 'Subject', 'Subject id', 'Details'];

const csvRow = (e: AuditLogEntry) => [
  e.created_at,
  e.actor_role,
  e.actor_id,
  e.actor_email,
  auditActionLabel(e.action),
  e.action,
  e.user_id,
  e.customer_email,
  e.subject_type,
  e.subject_id,
  JSON.stringify(e.details),
];

/** The audit log for staff: one customer's history, and the whole log searched, paged and exported. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = { auth: 'staff' as const };
  const tags = ['admin'];
  api.get('/admin/audit', { config: staff, schema: { tags, querystring: auditQuery, response: { 200: auditResponse } } }, async (req) => {
    const { user_id, subject_type, subject_id, before, limit } = req.query;
    return { data: await auditEntries(ctx.db, { userId: user_id, subjectType: subject_type, subjectId: subject_id, before, limit }) };
  });

  api.get('/admin/audit-log', { config: staff, schema: { tags, querystring: auditLogQuery, response: { 200: paged(auditLogEntrySchema) } } }, async (req) => {
    const { page, ...filter } = req.query;
    const [data, total] = await Promise.all([searchAuditLog(ctx.db, filter, (page - 1) * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE), countAuditLog(ctx.db, filter)]);
    return { data, meta: { current_page: page, per_page: AUDIT_PAGE_SIZE, total }, links: { next: page * AUDIT_PAGE_SIZE < total ? `/api/v1/admin/audit-log?page=${page + 1}` : null } };
  });

  // Checking reads the whole log: for admins.
  api.get('/admin/audit-log/verify', { config: { auth: 'admin' as const }, schema: { tags, response: { 200: auditChainResponse } } }, async () => {
    const { entries, intact, brokenAt, head } = await checkAuditChain(ctx.db);
    return { data: { entries, intact, broken_at: brokenAt, head } };
  });

  api.get('/admin/audit-log/actions', { config: staff, schema: { tags, response: { 200: auditActionsResponse } } }, async () => ({ data: await auditActions(ctx.db) }));

  api.get('/admin/audit-log/export.csv', { config: staff, schema: { tags, querystring: auditLogQuery.omit({ page: true }), response: { 200: z.string() } } }, async (req, reply) => {
    const rows = await searchAuditLog(ctx.db, req.query, 0, AUDIT_EXPORT_LIMIT);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
      .send(csvText([CSV_HEADER, ...rows.map(csvRow)]));
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditQuery, auditResponse } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { auditEntries } from './audit.service.ts';

/** GET /admin/audit: the audit log, newest first, for one customer or subject when asked. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/admin/audit', { config: { auth: 'staff' }, schema: { tags: ['admin'], querystring: auditQuery, response: { 200: auditResponse } } }, async (req) => {
    const { user_id, subject_type, subject_id, before, limit } = req.query;
    return { data: await auditEntries(ctx.db, { userId: user_id, subjectType: subject_type, subjectId: subject_id, before, limit }) };
  });
}

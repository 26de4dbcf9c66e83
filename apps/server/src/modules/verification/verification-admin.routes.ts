import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentStatuses,
  idParam,
  rejectDocumentInput,
  verificationQueueQuery,
  verificationQueueResponse,
  verificationReviewResponse,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { currentDocuments, customerDocumentCounts, findCustomer, replacedDocuments } from './verification.repository.ts';
import { decideDocument } from './verification.service.ts';
import { customerView, historyView, overallStatus, overviewOf } from './verification-views.ts';

/** The queue shows this many customers of the chosen state at most; the counts cover everyone. */
const QUEUE_LIMIT = 200;

/** Back office: the KYC queue, one customer's documents beside their details, and the decisions. */
export async function verificationAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };
  // Reading is for every member of staff; deciding and configuring is for admins.
  const staff = { auth: 'staff' as const };
  const tags = ['admin', 'verification'];

  const review = async (userId: number) => {
    const customer = await findCustomer(ctx.db, userId);
    if (!customer) throw notFound();
    const [current, replaced] = await Promise.all([currentDocuments(ctx.db, userId), replacedDocuments(ctx.db, userId)]);
    return { customer: customerView(customer), ...overviewOf(current), history: replaced.map((r) => historyView(r)) };
  };

  api.get('/admin/verification', { config: staff, schema: { tags, querystring: verificationQueueQuery, response: { 200: verificationQueueResponse } } }, async (req) => {
    const rows = (await customerDocumentCounts(ctx.db)).map((r) => ({ ...r, status: overallStatus(r) }));
    const counts = Object.fromEntries(documentStatuses.map((s) => [s, rows.filter((r) => r.status === s).length])) as Record<(typeof documentStatuses)[number], number>;
    const data = rows
      .filter((r) => r.status === req.query.status)
      .slice(0, QUEUE_LIMIT)
      .map((r) => ({
        ...customerView(r.customer),
        status: r.status,
        counts: { pending: r.pending, approved: r.approved, rejected: r.rejected },
        last_upload_at: r.lastUpload?.toISOString() ?? null,
      }));
    return { data, counts };
  });

  api.get('/admin/verification/users/:id', { config: staff, schema: { tags, params: idParam, response: { 200: verificationReviewResponse } } }, async (req) => ({
    data: await review(req.params.id),
  }));

  api.post('/admin/verification/documents/:id/approve', { config: admin, schema: { tags, params: idParam, response: { 200: verificationReviewResponse } } }, async (req) => {
    const row = await decideDocument(ctx, authOf(req), req.params.id, { approve: true });
    return { data: await review(row.userId), message: 'Document approved' };
  });

  api.post(
    '/admin/verification/documents/:id/reject',
    { config: admin, schema: { tags, params: idParam, body: rejectDocumentInput, response: { 200: verificationReviewResponse } } },
    async (req) => {
      const row = await decideDocument(ctx, authOf(req), req.params.id, { approve: false, reason: req.body.reason });
      return { data: await review(row.userId), message: 'Document rejected' };
    },
  );
}

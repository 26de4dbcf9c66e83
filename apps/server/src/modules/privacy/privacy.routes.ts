import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminErasureRequest,
  consentsResponse,
  consentUpdate,
  dataExportResponse,
  dataExportsResponse,
  erasureRequest,
  idParam,
  messageBody,
  privacyMessages as msg,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { createFileStore } from '../../lib/uploads/file-store.ts';
import { changeConsent, consentsOf } from './consents.service.ts';
import { adminArchive, exportsOf, openExport, requestExport } from './data-export.service.ts';
import { eraseCustomer, eraseOwnData } from './erasure.service.ts';

const tags = ['privacy'];
const zipHeaders = (day: string) => ({
  'content-type': 'application/zip',
  'content-disposition': `attachment; filename="bourse-data-${day}.zip"`,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});

/** Data rights (GDPR): a copy of one's data, erasure, and marketing consents; and the admin's side of each request made by letter. */
export async function privacyRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = createFileStore(ctx.config);
  ctx.onClose(() => store.close());
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Building a copy reads everything the customer has: a few an hour is plenty.
  const exportLimit = { rateLimit: { max: 10, timeWindow: 3_600_000, keyGenerator: (req: FastifyRequest) => `data-export:${req.auth?.userId ?? req.ip}` } };
  const perUser = {
    rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: ctx.config.rateLimit.windowMs, keyGenerator: (req: FastifyRequest) => `erasure:${req.auth?.userId ?? req.ip}` },
  };

  api.get('/user/data-exports', { schema: { tags, response: { 200: dataExportsResponse } } }, async (req) => ({ data: await exportsOf(ctx, authOf(req)) }));

  api.post('/user/data-exports', { config: exportLimit, schema: { tags, response: { 202: dataExportResponse } } }, async (req, reply) =>
    reply.status(202).send({ data: await requestExport(ctx, store, authOf(req)), message: msg.exportStarted }),
  );

  api.get('/user/data-exports/:id/download', { schema: { tags, params: idParam } }, async (req, reply) => {
    const { body, row } = await openExport(ctx, store, authOf(req), req.params.id);
    return reply.headers(zipHeaders(row.createdAt.toISOString().slice(0, 10))).send(body);
  });

  api.post('/user/erasure', { config: perUser, schema: { tags, body: erasureRequest, response: { 200: messageBody } } }, async (req) => {
    await eraseOwnData(ctx, store, authOf(req), req.body.password);
    return { message: msg.erased };
  });

  api.get('/user/consents', { schema: { tags, response: { 200: consentsResponse } } }, async (req) => ({ data: await consentsOf(ctx.db, authOf(req).userId) }));

  api.put('/user/consents', { schema: { tags, body: consentUpdate, response: { 200: consentsResponse } } }, async (req) => ({
    data: await changeConsent(ctx, authOf(req), req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null }),
    message: msg.consentSaved,
  }));

  const admin = { auth: 'admin' as const };
  api.get('/admin/clients/:id/data-export', { config: admin, schema: { tags: ['admin', ...tags], params: idParam } }, async (req, reply) => {
    const zip = await adminArchive(ctx, store, authOf(req), req.params.id);
    return reply.headers(zipHeaders(new Date().toISOString().slice(0, 10))).send(zip);
  });

  api.post(
    '/admin/clients/:id/erasure',
    { config: admin, schema: { tags: ['admin', ...tags], params: idParam, body: adminErasureRequest, response: { 200: messageBody } } },
    async (req) => {
      const pseudonym = await eraseCustomer(ctx, store, authOf(req), req.params.id, req.body.reason);
      return { message: `The customer's personal data have been erased; they are now ${pseudonym}.` };
    },
  );
}

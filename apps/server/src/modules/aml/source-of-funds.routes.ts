import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSourceOfFundsQuery,
  adminSourceOfFundsResponse,
  idParam,
  SOURCE_OF_FUNDS_MAX_BYTES,
  sourceOfFundsDecisionInput,
  sourceOfFundsDecisionResponse,
  sourceOfFundsMessages as msg,
  sourceOfFundsResponse,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { sendStoredFile } from '../../lib/uploads/send-stored-file.ts';
import { createFileStore } from '../../lib/uploads/file-store.ts';
import { audit } from '../audit/audit.service.ts';
import { declarationById, listDeclarations } from './source-of-funds.repository.ts';
import { declareSourceOfFunds, decideSourceOfFunds, sourceOfFundsOverview } from './source-of-funds.service.ts';
import { checkDeclarationFields, checkDocument, readDeclaration } from './source-of-funds-upload.ts';

const tags = ['aml'];
const uploadLimit = {
  rateLimit: { timeWindow: 60_000, max: 20, keyGenerator: (req: FastifyRequest) => `source-of-funds:${req.auth?.userId ?? req.ip}` },
};

/**
 * Source of funds: the customer's status and declaration (client area), the document's download
 * (its owner or an administrator), and the administrators' review in the AML area. Support and
 * desk staff see none of it, like the rest of AML.
 */
export async function sourceOfFundsRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = createFileStore(ctx.config);
  ctx.onClose(() => store.close());
  await app.register(multipart, { limits: { fileSize: SOURCE_OF_FUNDS_MAX_BYTES, files: 2, fields: 6, parts: 8, fieldSize: 2000 }, throwFileSizeLimit: true });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };

  api.get('/source-of-funds', { schema: { tags, response: { 200: sourceOfFundsResponse } } }, async (req) => ({ data: await sourceOfFundsOverview(ctx.db, authOf(req).userId) }));

  api.post('/source-of-funds', { config: uploadLimit, schema: { tags, response: { 201: sourceOfFundsResponse } } }, async (req, reply) => {
    const caller = authOf(req);
    try {
      if (caller.role !== 'customer') throw forbidden();
      const { fields, document } = await readDeclaration(req);
      const input = checkDeclarationFields(fields);
      const checked = await checkDocument(document);
      const data = await declareSourceOfFunds(ctx, store, caller, input, checked);
      reply.status(201);
      return { data, message: msg.sent };
    } catch (err) {
      // The rest of a refused upload may still be on its way: close rather than leave it half-read.
      reply.header('connection', 'close');
      throw err;
    }
  });

  // The document never travels by a bearer link: every download names its signed-in owner or an admin.
  api.get('/source-of-funds/:id/document', { schema: { tags, params: idParam } }, async (req, reply) => {
    const caller = authOf(req);
    const row = await declarationById(ctx.db, req.params.id);
    const isAdmin = caller.role === 'admin';
    if (!row || (!isAdmin && row.userId !== caller.userId)) throw notFound(msg.notFound);
    if (isAdmin) await audit(ctx.db, caller, { action: 'aml.source_of_funds_viewed', subjectType: 'source_of_funds', subjectId: row.id, userId: row.userId, details: { file_name: row.fileName } });
    const body = await store.get(row.storageKey);
    if (!body) throw notFound(msg.notFound);
    return sendStoredFile(reply, row, body);
  });

  api.get('/admin/aml/source-of-funds', { config: admin, schema: { tags, querystring: adminSourceOfFundsQuery, response: { 200: adminSourceOfFundsResponse } } }, async (req) => ({
    data: await listDeclarations(ctx.db, { status: req.query.status }),
  }));
  api.post('/admin/aml/source-of-funds/:id/approve', { config: admin, schema: { tags, params: idParam, response: { 200: sourceOfFundsDecisionResponse } } }, async (req) => ({
    data: await decideSourceOfFunds(ctx, authOf(req), req.params.id, { approve: true }),
    message: msg.approved,
  }));
  api.post(
    '/admin/aml/source-of-funds/:id/reject',
    { config: admin, schema: { tags, params: idParam, body: sourceOfFundsDecisionInput, response: { 200: sourceOfFundsDecisionResponse } } },
    async (req) => ({ data: await decideSourceOfFunds(ctx, authOf(req), req.params.id, { approve: false, reason: req.body.reason }), message: msg.rejected }),
  );
}

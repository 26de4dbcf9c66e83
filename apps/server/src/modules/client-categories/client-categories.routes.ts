import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminProfessionalRequestsQuery,
  adminProfessionalRequestsResponse,
  clientCategoryMessages as msg,
  clientCategoryResponse,
  idParam,
  isStaff,
  PROFESSIONAL_EVIDENCE_MAX_BYTES,
  PROFESSIONAL_EVIDENCE_MAX_FILES,
  professionalDecisionResponse,
  rejectProfessionalRequest,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { sendStoredFile } from '../../lib/uploads/send-stored-file.ts';
import { createFileStore } from '../../lib/uploads/file-store.ts';
import { audit } from '../audit/audit.service.ts';
import { findEvidence, listRequests } from './client-categories.repository.ts';
import { decideProfessionalRequest, overviewOf, requestProfessional, revertToRetail } from './client-categories.service.ts';
import { checkAnswers, checkEvidence, readProfessionalRequest } from './evidence-upload.ts';

const tags = ['client-category'];
const uploadLimit = {
  rateLimit: { timeWindow: 60_000, max: 30, keyGenerator: (req: FastifyRequest) => `professional:${req.auth?.userId ?? req.ip}` },
};

/**
 * Client categories: the customer's category and request to be treated as professional (the
 * questionnaire with its evidence), the return to retail, and the back office's queue. Reading is
 * for every member of staff; deciding is for admins.
 */
export async function clientCategoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = createFileStore(ctx.config);
  ctx.onClose(() => store.close());
  // A few files over the most are read whole and refused with the reason; far more are cut off.
  const readFiles = PROFESSIONAL_EVIDENCE_MAX_FILES * 2;
  await app.register(multipart, {
    limits: { fileSize: PROFESSIONAL_EVIDENCE_MAX_BYTES, files: readFiles, fields: 10, parts: readFiles + 10, fieldSize: 1000 },
    throwFileSizeLimit: true,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };
  const staff = { auth: 'staff' as const };

  api.get('/client-category', { schema: { tags, response: { 200: clientCategoryResponse } } }, async (req) => ({ data: await overviewOf(ctx.db, authOf(req).userId) }));

  api.post('/client-category/professional', { config: uploadLimit, schema: { tags, response: { 201: clientCategoryResponse } } }, async (req, reply) => {
    const caller = authOf(req);
    try {
      const { fields, files } = await readProfessionalRequest(req);
      const answers = checkAnswers(fields);
      const evidence = await checkEvidence(files);
      const data = await requestProfessional(ctx, store, caller, answers, evidence);
      reply.status(201);
      return { data, message: msg.requested };
    } catch (err) {
      // The rest of a refused upload may still be on its way: close rather than leave it half-read.
      reply.header('connection', 'close');
      throw err;
    }
  });

  api.post('/client-category/retail', { schema: { tags, response: { 200: clientCategoryResponse } } }, async (req) => ({
    data: await revertToRetail(ctx, authOf(req)),
    message: msg.reverted,
  }));

  // Evidence never travels by a bearer link: every download names its signed-in owner or staff.
  api.get('/client-category/evidence/:id/download', { schema: { tags, params: idParam } }, async (req, reply) => {
    const caller = authOf(req);
    const file = await findEvidence(ctx.db, req.params.id);
    const staffer = isStaff(caller.role);
    if (!file || (!staffer && file.userId !== caller.userId)) throw notFound(msg.evidenceNotFound);
    if (staffer) {
      await audit(ctx.db, caller, { action: 'client_category.evidence_viewed', subjectType: 'professional_request', subjectId: file.requestId, userId: file.userId, details: { file_name: file.fileName } });
    }
    const body = await store.get(file.storageKey);
    if (!body) throw notFound(msg.evidenceNotFound);
    return sendStoredFile(reply, file, body);
  });

  api.get('/admin/professional_requests', { config: staff, schema: { tags, querystring: adminProfessionalRequestsQuery, response: { 200: adminProfessionalRequestsResponse } } }, async (req) => ({
    data: await listRequests(ctx.db, req.query.status),
  }));
  api.post('/admin/professional_requests/:id/approve', { config: admin, schema: { tags, params: idParam, response: { 200: professionalDecisionResponse } } }, async (req) => {
    await decideProfessionalRequest(ctx, authOf(req), req.params.id, { approve: true });
    return { status: 'success' as const, message: msg.approved };
  });
  api.post(
    '/admin/professional_requests/:id/reject',
    { config: admin, schema: { tags, params: idParam, body: rejectProfessionalRequest, response: { 200: professionalDecisionResponse } } },
    async (req) => {
      await decideProfessionalRequest(ctx, authOf(req), req.params.id, { approve: false, reason: req.body.reason });
      return { status: 'success' as const, message: msg.rejected };
    },
  );
}

import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, VERIFICATION_MAX_BYTES, verificationMessages as msg, verificationResponse, verificationUploadFields, isStaff } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { invalid, notFound, payloadTooLarge } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { sendStoredFile } from '../../lib/uploads/send-stored-file.ts';
import { createFileStore } from '../../lib/uploads/file-store.ts';
import { currentDocuments, findDocument } from './verification.repository.ts';
import { uploadDocument } from './verification.service.ts';
import { overviewOf } from './verification-views.ts';

const tags = ['verification'];
const uploadLimit = {
  rateLimit: { timeWindow: 60_000, max: 30, keyGenerator: (req: FastifyRequest) => `verification:${req.auth?.userId ?? req.ip}` },
};

/** Reads the `kind` field and the `file` of a multipart upload, in whichever order they come. */
async function readUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw invalid('file', msg.fileRequired);
  let kind: unknown;
  let file: { filename: string; content: Buffer } | undefined;
  for await (const part of req.parts() as AsyncIterable<Multipart>) {
    if (part.type === 'field') {
      if (part.fieldname === 'kind') kind = part.value;
    } else if (part.fieldname === 'file' && !file) {
      const content = await part.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? payloadTooLarge(msg.fileTooLarge) : err;
      });
      if (part.file.truncated) throw payloadTooLarge(msg.fileTooLarge);
      file = { filename: part.filename, content };
    } else {
      await part.toBuffer();
    }
  }
  const fields = verificationUploadFields.safeParse({ kind });
  if (!fields.success) throw invalid('kind', msg.kindRequired);
  if (!file || file.content.length === 0) throw invalid('file', msg.fileRequired);
  return { kind: fields.data.kind, file };
}

/** The customer's own verification: status, uploads, and downloads for the owner and staff. */
export async function verificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = createFileStore(ctx.config);
  ctx.onClose(() => store.close());
  await app.register(multipart, {
    limits: { fileSize: VERIFICATION_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100 },
    throwFileSizeLimit: true,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/verification', { schema: { tags, response: { 200: verificationResponse } } }, async (req) => ({
    data: overviewOf(await currentDocuments(ctx.db, authOf(req).userId)),
  }));

  api.post('/verification/documents', { config: uploadLimit, schema: { tags, response: { 201: verificationResponse } } }, async (req, reply) => {
    const caller = authOf(req);
    try {
      const { kind, file } = await readUpload(req);
      await uploadDocument(ctx, store, caller, kind, file);
    } catch (err) {
      // The rest of a refused upload may still be on its way: close rather than leave it half-read.
      reply.header('connection', 'close');
      throw err;
    }
    reply.status(201);
    return { data: overviewOf(await currentDocuments(ctx.db, caller.userId)), message: 'Document uploaded. We will review it shortly.' };
  });

  // Identity documents never travel by a bearer link: every download names the signed-in owner
  // or a staff member, so a link that leaks (history, a forwarded mail, a proxy log) opens nothing.
  api.get('/verification/documents/:id/download', { schema: { tags, params: idParam } }, async (req, reply) => {
    const caller = authOf(req);
    const doc = await findDocument(ctx.db, req.params.id);
    const staff = isStaff(caller.role);
    if (!doc || (!staff && doc.userId !== caller.userId)) throw notFound(msg.notFound);
    if (staff) {
      await audit(ctx.db, caller, { action: 'verification.viewed', subjectType: 'verification_document', subjectId: doc.id, userId: doc.userId, details: { kind: doc.kind, file_name: doc.fileName } });
    }
    const body = await store.get(doc.storageKey);
    if (!body) throw notFound(msg.notFound);
    return sendStoredFile(reply, doc, body);
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatMessageResponse,
  chatMessages,
  chatMessagesPage,
  chatMessagesQuery,
  chatUploadResponse,
  idParam,
  isStaff,
  sendChatMessageBody,
  unreadCountResponse,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { forbidden, invalid, notFound, payloadTooLarge, unauthorized } from '../../http/errors.ts';
import { addUserExtra } from '../users/users.service.ts';
import { sendStoredFile } from '../../lib/uploads/send-stored-file.ts';
import { storeUpload } from './chat-uploads.ts';
import { findAttachment, unreadCountColumn } from './chat.repository.ts';
import { conversationFor, listMessages, mayDownload, sendMessage, unreadCountFor } from './chat.service.ts';
import { verifyDownload } from '../../lib/signed-urls.ts';
import { createFileStore } from '../../lib/uploads/file-store.ts';

// GET /user carries the caller's unread chat count (SPEC §3 User.unread_count).
addUserExtra('unread_count', unreadCountColumn);

const tags = ['chat'];

/** Per sender and minute; support staff answer many conversations, so their ceiling is far higher. */
function perUser(customerMax: number) {
  return {
    rateLimit: {
      timeWindow: 60_000,
      max: (req: FastifyRequest) => (isStaff(req.auth?.role) ? customerMax * 20 : customerMax),
      keyGenerator: (req: FastifyRequest) => `chat:${req.auth?.userId ?? req.ip}`,
    },
  };
}
const uploadQuery = z.object({ customer_id: z.coerce.number().int().positive().optional() });
const downloadQuery = z.object({ expires: z.coerce.number().int().optional(), signature: z.string().max(100).optional() });

/** Customer and admin chat (SPEC §7): messages, uploads, unread counts, attachment downloads. */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = createFileStore(ctx.config);
  ctx.onClose(() => store.close());
  await app.register(multipart, {
    limits: { fileSize: ctx.config.uploads.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1000 },
    throwFileSizeLimit: true,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/chat/messages', { schema: { tags, querystring: chatMessagesQuery, response: { 200: chatMessagesPage } } }, async (req) =>
    listMessages(ctx, authOf(req), req.query),
  );
  api.post('/chat/messages', { config: perUser(60), schema: { tags, body: sendChatMessageBody, response: { 201: chatMessageResponse } } }, async (req, reply) => {
    reply.status(201);
    return { data: await sendMessage(ctx, authOf(req), req.body) };
  });
  api.get('/chat/unread-count', { schema: { tags, response: { 200: unreadCountResponse } } }, async (req) => ({
    unread_count: await unreadCountFor(ctx.db, authOf(req)),
  }));

  api.post('/chat/upload', { config: perUser(20), schema: { tags, querystring: uploadQuery, response: { 201: chatUploadResponse } } }, async (req, reply) => {
    const caller = authOf(req);
    const customerId = isStaff(caller.role) && req.query.customer_id === undefined ? null : await conversationFor(ctx, caller, req.query.customer_id);
    if (!req.isMultipart()) throw invalid('file', chatMessages.fileRequired);
    try {
      const file = await req.file();
      if (file?.fieldname !== 'file') throw invalid('file', chatMessages.fileRequired);
      const content = await file.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? payloadTooLarge(chatMessages.fileTooLarge) : err;
      });
      if (file.file.truncated) throw payloadTooLarge(chatMessages.fileTooLarge);
      reply.status(201);
      return await storeUpload(ctx, store, caller, { filename: file.filename, content }, customerId);
    } catch (err) {
      // The rest of a refused upload may still be on its way: end the connection after the answer
      // rather than leave it half-read.
      reply.header('connection', 'close');
      throw err;
    }
  });

  api.get(
    '/chat/attachments/:id/download',
    { config: { auth: 'public' }, schema: { tags, params: idParam, querystring: downloadQuery } },
    async (req, reply) => {
      const file = await findAttachment(ctx.db, req.params.id);
      const { expires, signature } = req.query;
      if (expires !== undefined && signature !== undefined) {
        if (!file || !verifyDownload(ctx.config.uploads.signingSecret, req.params.id, expires, signature)) throw forbidden(chatMessages.linkExpired);
      } else {
        if (!req.auth) throw unauthorized();
        if (!file || !mayDownload(req.auth, file)) throw notFound();
      }
      const body = await store.get(file.storageKey);
      if (!body) throw notFound();
      return sendStoredFile(reply, file, body, 'private, max-age=900');
    },
  );
}

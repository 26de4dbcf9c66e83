import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { invalid, notFound, payloadTooLarge } from '../../http/errors.ts';
import { createFileStore } from '../../lib/uploads/file-store.ts';
import { isWellFormed } from '../../lib/uploads/upload-content.ts';
import { detectUploadType } from '../../lib/uploads/upload-type.ts';

/** Catalogue pictures: judged by their bytes, never SVG (it can carry script). */
const imageTypes = new Set(['png', 'jpg', 'webp']);
const imageMessage = 'The image must be a PNG, JPEG or WebP file.';
const nameParam = z.object({ name: z.string().regex(/^[0-9a-f]{32}\.(png|jpg|webp)$/) });

/** POST /admin/marketplace/images stores a catalogue picture; GET /marketplace/images/:name serves it. */
export async function marketplaceImageRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const store = createFileStore(ctx.config);
  ctx.onClose(() => store.close());
  await app.register(multipart, { limits: { fileSize: ctx.config.uploads.maxBytes, files: 1, fields: 2, parts: 3 } });
  const tags = ['admin', 'marketplace'];

  api.post('/admin/marketplace/images', { config: { auth: 'admin' }, schema: { tags, response: { 201: z.object({ url: z.string() }) } } }, async (req, reply) => {
    if (!req.isMultipart()) throw invalid('file', imageMessage);
    const file = await req.file();
    if (file?.fieldname !== 'file') throw invalid('file', imageMessage);
    const content = await file.toBuffer().catch((err: { code?: string }) => {
      throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? payloadTooLarge('The image is too large.') : err;
    });
    if (file.file.truncated) throw payloadTooLarge('The image is too large.');
    const type = await detectUploadType(content);
    if (!type || !imageTypes.has(type.ext) || !(await isWellFormed(content, type))) throw invalid('file', imageMessage);
    const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
    await store.put(`marketplace/${name}`, content, type.mime);
    reply.status(201);
    return { url: `/api/v1/marketplace/images/${name}` };
  });

  api.get('/marketplace/images/:name', { config: { auth: 'public' }, schema: { tags, params: nameParam } }, async (req, reply) => {
    const body = await store.get(`marketplace/${req.params.name}`);
    if (!body) throw notFound();
    const mime = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' }[req.params.name.split('.').pop() as 'png' | 'jpg' | 'webp'];
    return reply.type(mime).header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=31536000, immutable').send(body);
  });
}

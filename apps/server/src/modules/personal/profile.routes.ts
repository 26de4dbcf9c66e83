import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_MAX_BYTES, messageBody, personalMessages as msg, profileResponse, profileUpdate } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { forbidden, invalid, notFound, payloadTooLarge } from '../../http/errors.ts';
import { createFileStore } from '../../lib/uploads/file-store.ts';
import { AVATAR_LINK_LIFETIME, AVATAR_URL_PREFIX, avatarKeyOf, avatarNameOf, verifyAvatarLink } from '../../lib/avatar-links.ts';
import { removeAvatar, uploadAvatar } from './avatar.service.ts';
import { isAvatarInUse } from './personal.repository.ts';
import { profileOf, updateProfile } from './profile.service.ts';

const tags = ['user'];
const signedQuery = z.object({ expires: z.coerce.number().int().optional(), signature: z.string().max(100).optional() });
const uploadLimit = {
  rateLimit: { timeWindow: 60_000, max: 20, keyGenerator: (req: FastifyRequest) => `avatar:${req.auth?.userId ?? req.ip}` },
};

/** The `file` part of a multipart upload, within the size cap. */
async function readImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw invalid('file', msg.avatarRequired);
  let content: Buffer | undefined;
  for await (const part of req.parts() as AsyncIterable<Multipart>) {
    if (part.type === 'file' && part.fieldname === 'file' && !content) {
      content = await part.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? payloadTooLarge(msg.avatarTooLarge) : err;
      });
      if (part.file.truncated) throw payloadTooLarge(msg.avatarTooLarge);
    } else if (part.type === 'file') {
      await part.toBuffer();
    }
  }
  if (!content?.length) throw invalid('file', msg.avatarRequired);
  return content;
}

/** The caller's own details (/main/personal) and avatar. */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = createFileStore(ctx.config);
  ctx.onClose(() => store.close());
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 1, parts: 2 }, throwFileSizeLimit: true });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/user/profile', { schema: { tags, response: { 200: profileResponse } } }, async (req) => ({ data: await profileOf(ctx, authOf(req).userId) }));

  api.patch('/user/profile', { schema: { tags, body: profileUpdate, response: { 200: profileResponse } } }, async (req) => ({
    data: await updateProfile(ctx, authOf(req), req.body),
    message: 'Your details have been saved.',
  }));

  api.post('/user/avatar', { config: uploadLimit, schema: { tags, response: { 201: z.object({ data: z.object({ avatar: z.string() }), message: z.string() }) } } }, async (req, reply) => {
    const caller = authOf(req);
    let content: Buffer;
    try {
      content = await readImage(req);
    } catch (err) {
      // The rest of a refused upload may still be on its way: close rather than leave it half-read.
      reply.header('connection', 'close');
      throw err;
    }
    const avatar = await uploadAvatar(ctx, store, caller, content);
    return reply.status(201).send({ data: { avatar }, message: 'Your photo has been updated.' });
  });

  api.delete('/user/avatar', { schema: { tags, response: { 200: messageBody } } }, async (req) => {
    await removeAvatar(ctx, store, authOf(req));
    return { message: 'Your photo has been removed.' };
  });

  // A signed link (see lib/avatar-links.ts) is the only way in: no bearer header, no bare file name.
  // Refusals carry no file name or storage path.
  api.get(
    '/avatars/:name',
    { config: { auth: 'public' }, schema: { tags, params: z.object({ name: z.string().max(60) }), querystring: signedQuery } },
    async (req, reply) => {
      const { expires, signature } = req.query;
      const name = avatarNameOf(`${AVATAR_URL_PREFIX}${req.params.name}`);
      if (!name || expires === undefined || signature === undefined || !verifyAvatarLink(ctx.config.uploads, name, expires, signature)) throw forbidden(msg.avatarLinkExpired);
      const url = `${AVATAR_URL_PREFIX}${name}`;
      if ((await isAvatarInUse(ctx.db, url)).length === 0) throw notFound();
      const body = await store.get(avatarKeyOf(url)!);
      if (!body) throw notFound();
      // Cached no longer than the link is good for; the link itself stays the same for hours.
      const maxAge = Math.max(0, Math.min(expires - Math.floor(Date.now() / 1000), AVATAR_LINK_LIFETIME.stepSec));
      return reply
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .header('referrer-policy', 'no-referrer')
        .send(body);
    },
  );
}

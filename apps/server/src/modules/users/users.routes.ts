import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userResponse } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { markSeen } from './presence.service.ts';
import { userViewById } from './users.service.ts';

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/user',
    { config: { allowDeactivated: true }, schema: { tags: ['user'], response: { 200: userResponse } } },
    async (req) => {
      const user = await userViewById(ctx, authOf(req).userId);
      if (!user) throw notFound();
      return { data: user };
    },
  );
  api.post(
    '/user/heartbeat',
    { config: { allowDeactivated: true }, schema: { tags: ['user'], response: { 200: z.object({ data: z.object({ is_online: z.boolean() }) }) } } },
    async (req) => {
      await markSeen(ctx, authOf(req).userId);
      return { data: { is_online: true } };
    },
  );
}

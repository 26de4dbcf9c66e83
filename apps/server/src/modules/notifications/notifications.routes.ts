import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminNotificationRequest, idParam, messageBody } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { findUserById } from '../users/users.repository.ts';
import { markRead, notify, notifyAllCustomers } from './notifications.service.ts';

export async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/notifications/:id/read',
    { config: { allowDeactivated: true }, schema: { tags: ['notifications'], params: idParam, response: { 200: messageBody } } },
    async (req) => {
      if (!(await markRead(ctx, authOf(req).userId, req.params.id))) throw notFound();
      return { message: 'Notification marked as read' };
    },
  );
  api.post(
    '/admin/notifications',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], body: adminNotificationRequest, response: { 200: z.object({ message: z.string(), sent: z.number() }) } } },
    async (req) => {
      const { user_id, ...note } = req.body;
      if (user_id) {
        if (!(await findUserById(ctx.db, user_id))) throw notFound();
        await notify(ctx, user_id, note);
        return { message: 'Notification sent', sent: 1 };
      }
      return { message: 'Notification sent', sent: await notifyAllCustomers(ctx, note) };
    },
  );
}

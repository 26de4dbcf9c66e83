import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminEaInput, adminEaResponse, adminEasResponse, adminEaSalesResponse, idParam } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { audit } from '../audit/audit.service.ts';
import { adminItems, createItem, editItem, salesList } from './marketplace-admin.service.ts';

/** Back office: the catalogue (published or not) and its sales. */
export async function marketplaceAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };
  // Reading is for every member of staff; deciding and configuring is for admins.
  const staff = { auth: 'staff' as const };
  const tags = ['admin', 'marketplace'];

  api.get('/admin/expert_advisors', { config: staff, schema: { tags, response: { 200: adminEasResponse } } }, async () => ({
    data: await adminItems(ctx.db),
  }));
  api.post('/admin/expert_advisors', { config: admin, schema: { tags, body: adminEaInput, response: { 201: adminEaResponse } } }, async (req, reply) => {
    const item = await createItem(ctx.db, req.body);
    await audit(ctx.db, authOf(req), { action: 'catalogue.created', subjectType: 'expert_advisor', subjectId: item.id, details: { ...req.body } });
    reply.code(201);
    return { data: item };
  });
  api.put(
    '/admin/expert_advisors/:id',
    { config: admin, schema: { tags, params: idParam, body: adminEaInput, response: { 200: adminEaResponse } } },
    async (req) => {
      const item = await editItem(ctx.db, req.params.id, req.body);
      await audit(ctx.db, authOf(req), { action: 'catalogue.edited', subjectType: 'expert_advisor', subjectId: req.params.id, details: { ...req.body } });
      return { data: item };
    },
  );
  api.get('/admin/ea_sales', { config: staff, schema: { tags, response: { 200: adminEaSalesResponse } } }, async () => salesList(ctx.db));
}

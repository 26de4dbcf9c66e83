import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, leverageMap, settingsResponse, siteDataSchema, siteSettingsUpdate } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { audit } from '../audit/audit.service.ts';
import { getSiteData, getSiteSettings, updateLeverageMap, updateSiteSettings } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/settings',
    { config: { auth: 'public' }, schema: { tags: ['site'], response: { 200: settingsResponse } } },
    async () => ({ data: await getSiteSettings(ctx.db) }),
  );
  api.get(
    '/data',
    { config: { allowDeactivated: true }, schema: { tags: ['site'], response: { 200: envelope(siteDataSchema) } } },
    async () => ({ data: await getSiteData(ctx.db) }),
  );
  api.put(
    '/admin/settings',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], body: siteSettingsUpdate, response: { 200: settingsResponse } } },
    async (req) => {
      const data = await updateSiteSettings(ctx.db, req.body);
      await audit(ctx.db, authOf(req), { action: 'settings.updated', subjectType: 'site_settings', details: { ...req.body } });
      return { data };
    },
  );
  api.put(
    '/admin/leverage',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], body: leverageMap.partial().strict().refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update.' }), response: { 200: envelope(leverageMap) } } },
    async (req) => {
      const data = await updateLeverageMap(ctx.db, req.body);
      await audit(ctx.db, authOf(req), { action: 'leverage.updated', subjectType: 'site_settings', details: { ...req.body } });
      return { data };
    },
  );
}

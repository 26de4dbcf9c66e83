import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  amlDecisionInput,
  amlDecisionResponse,
  amlHitsQuery,
  amlHitsResponse,
  amlMessages as msg,
  amlSettingsResponse,
  amlSettingsUpdate,
  idParam,
  SANCTIONS_FILE_MAX_BYTES,
  sanctionsImportResponse,
  sanctionsListsResponse,
  sanctionsSource,
} from '@bourse/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { getAmlSettings, updateAmlSettings } from './aml-settings.ts';
import { parseEuList } from './eu-list.ts';
import { parseOfacList } from './ofac-list.ts';
import { decideHit, listHits } from './review-queue.service.ts';
import { missingFile } from './sanctions-file.ts';
import { importSanctionsList, listSanctionsLists } from './sanctions-lists.service.ts';
import { startRescreening, stopRescreening } from './rescreening.service.ts';
import { warmScreening } from './screening.service.ts';

const tags = ['aml'];

/** The list file(s) of an import, read whole: `file`, and for OFAC optionally `aliases` (alt.csv). */
async function readListFiles(req: FastifyRequest): Promise<{ file: { name: string; text: string } | null; aliases: { name: string; text: string } | null }> {
  const found: Record<string, { name: string; text: string }> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const file = part as MultipartFile;
      const body = await file.toBuffer();
      // A file chosen in the form but empty still counts as not chosen.
      if (body.length) found[file.fieldname] = { name: file.filename || file.fieldname, text: body.toString('utf8') };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, msg.fileTooLarge, { file: [msg.fileTooLarge] });
    throw err;
  }
  return { file: found.file ?? null, aliases: found.aliases ?? null };
}

/**
 * AML for administrators only (support and desk staff see none of it): the sanctions lists'
 * imports, the review queue of sanctions hits and flagged requests with its decisions, and the
 * threshold and rules.
 */
export async function amlRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(multipart, { limits: { fileSize: SANCTIONS_FILE_MAX_BYTES, files: 2, fields: 5, parts: 7 }, throwFileSizeLimit: true });
  // Shutdown does not wait minutes for a re-screening: it ends after the page it is on.
  ctx.onClose(() => stopRescreening(ctx));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };

  api.get('/admin/aml/lists', { config: admin, schema: { tags, response: { 200: sanctionsListsResponse } } }, async () => ({ data: await listSanctionsLists(ctx.db) }));

  api.post(
    '/admin/aml/lists/:source',
    { config: { ...admin, rateLimit: { timeWindow: 60_000, max: 20 } }, schema: { tags, params: z.object({ source: sanctionsSource }), response: { 201: sanctionsImportResponse } } },
    async (req, reply) => {
      const source = req.params.source;
      try {
        const { file, aliases } = await readListFiles(req);
        if (!file) throw missingFile();
        if (aliases && source !== 'ofac') throw new HttpError(422, msg.aliasesOnlyOfac, { aliases: [msg.aliasesOnlyOfac] });
        const entries = source === 'eu' ? parseEuList(file.text, file.name) : parseOfacList(file.text, aliases?.text ?? null, { sdn: file.name, alt: aliases?.name ?? 'alt.csv' });
        const fileName = aliases ? `${file.name} + ${aliases.name}` : file.name;
        const data = await importSanctionsList(ctx, authOf(req), source, fileName, entries);
        await warmScreening(ctx.db);
        startRescreening(ctx, source);
        reply.status(201);
        return { data, message: msg.imported };
      } catch (err) {
        reply.header('connection', 'close');
        throw err;
      }
    },
  );

  api.get('/admin/aml/hits', { config: admin, schema: { tags, querystring: amlHitsQuery, response: { 200: amlHitsResponse } } }, async (req) => ({ data: await listHits(ctx.db, { status: req.query.status }) }));

  for (const [path, status, message] of [
    ['clear', 'cleared', msg.cleared],
    ['confirm', 'confirmed', msg.confirmed],
  ] as const) {
    api.post(`/admin/aml/hits/:id/${path}`, { config: admin, schema: { tags, params: idParam, body: amlDecisionInput, response: { 200: amlDecisionResponse } } }, async (req) => ({
      data: await decideHit(ctx, authOf(req), req.params.id, status, req.body.reason),
      message,
    }));
  }

  api.get('/admin/aml/settings', { config: admin, schema: { tags, response: { 200: amlSettingsResponse } } }, async () => ({ data: await getAmlSettings(ctx.db) }));
  api.put('/admin/aml/settings', { config: admin, schema: { tags, body: amlSettingsUpdate, response: { 200: amlSettingsResponse } } }, async (req) => {
    const data = await ctx.db.transaction(async (tx) => {
      const next = await updateAmlSettings(tx, req.body);
      await audit(tx, authOf(req), { action: 'aml.settings_updated', subjectType: 'settings', subjectId: 'aml', details: { ...req.body } });
      return next;
    });
    return { data, message: msg.settingsSaved };
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import type { LogSettings } from '../config.ts';
import { registerAuth } from './auth.ts';
import { registerErrorHandler } from './errors.ts';
import { registerHealth } from './health.ts';
import { registerMetrics } from './metrics.ts';
import { apiModules } from './routes.ts';

export const API_PREFIX = '/api/v1';

export type RouteInfo = { method: string; url: string; auth: 'public' | 'user' | 'staff' | 'desk' | 'admin'; hasBody: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its access level, for the authorisation tests and the docs. */
    routeTable: RouteInfo[];
  }
}

/** Builds the HTTP application: security headers, the API under /api/v1, its docs, and the SPA. */
export async function buildApp(ctx: AppContext, app: FastifyInstance): Promise<FastifyInstance> {
  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJson(app);
  registerErrorHandler(app);
  logRequests(app, ctx.config.log);
  // Before the routes, so its hook sees every one.
  registerMetrics(app, ctx);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://s3.tradingview.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ['https://*.tradingview.com', 'https://*.tradingview-widget.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: ctx.config.env === 'production',
  });
  await app.register(cors, { origin: ctx.config.corsOrigins.length ? ctx.config.corsOrigins : false, credentials: true });
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bourse API', version: '1.0.0', description: 'REST API of the Bourse trading platform.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true }, config: { auth: 'public' } }, async () => app.swagger());

  await app.register(
    async (api) => {
      registerAuth(api, ctx.db);
      api.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD') continue;
          routeTable.push({ method, url: route.url, auth: route.config?.auth ?? 'user', hasBody: Boolean(route.schema?.body) });
        }
      });
      for (const mod of apiModules) await api.register(async (scope) => mod(scope, ctx));
    },
    { prefix: API_PREFIX },
  );

  registerHealth(app, ctx);
  registerSpa(app, ctx.config.webDist);
  return app;
}

/**
 * One line per request worth it: failed (5xx), slow, or in the sample. Failures also get the error
 * handler's own line with the error; this one says how long the request took and what it answered.
 */
function logRequests(app: FastifyInstance, { requestSample, slowMs }: LogSettings): void {
  // At 1 Fastify logs every request itself (see startServer).
  if (requestSample >= 1) return;
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const worth = status >= 500 || ms >= slowMs;
    if (!worth && !(requestSample > 0 && Math.random() < requestSample)) return;
    const line = { method: request.method, url: request.url, status, ms: Math.round(ms) };
    if (worth) request.log.warn(line, status >= 500 ? 'request failed' : 'slow request');
    else request.log.info(line, 'request completed');
  });
}

/**
 * The client sends `Content-Type: application/json` on every request (SPEC §7), body or not; an
 * empty body is read as no body instead of a JSON syntax error. Otherwise Fastify's own parser
 * (with its prototype-poisoning protection) does the work.
 */
function acceptEmptyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

/** Serves the built client with a history fallback; unknown API paths get a JSON 404. */
function registerSpa(app: FastifyInstance, webDist: string): void {
  const hasDist = existsSync(path.join(webDist, 'index.html'));
  if (hasDist) {
    app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !url.startsWith('/api/') && !path.extname(url);
    if (hasDist && wantsPage) return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
    return reply.status(404).send({ message: 'Not found.' });
  });
}

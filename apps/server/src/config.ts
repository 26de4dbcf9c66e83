import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Everything the server reads from the environment, parsed once at start. */
export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Embedded database and uploads live here unless DATABASE_URL is set. */
  dataDir: string;
  /** `memory://` keeps PGlite in memory (tests). */
  databaseUrl: string | null;
  redisUrl: string | null;
  corsOrigins: string[];
  tokenTtlHours: number;
  demoBalance: string;
  seedDemoUsers: boolean;
  webDist: string;
  publicUrl: string;
  /** Price socket API key (SPEC §7 "API key in handshake auth"). */
  priceSocketKey: string;
  pusher: { appId: string; key: string; secret: string; host: string | null; port: number | null; useTls: boolean };
  smtpUrl: string | null;
  rateLimit: { auth: number; windowMs: number };
  /** Background work (price feed, risk engine) runs on this node. */
  runWorkers: boolean;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function secret(name: string, env: NodeJS.ProcessEnv, production: boolean, devDefault: string): string {
  const value = env[name];
  if (value) return value;
  if (production) throw new Error(`${name} must be set in production`);
  return devDefault;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const production = nodeEnv === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    env: nodeEnv,
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    tokenTtlHours: Number(env.TOKEN_TTL_HOURS ?? 24 * 14),
    demoBalance: env.DEMO_BALANCE ?? '10000',
    seedDemoUsers: !production && env.SEED_DEMO_USERS !== 'false',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    // Links in mail are built from this, never from the request's Host header.
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, ''),
    priceSocketKey: secret('PRICE_SOCKET_KEY', env, production, 'bourse-dev-price-key'),
    pusher: {
      appId: env.PUSHER_APP_ID ?? 'bourse',
      key: env.PUSHER_APP_KEY ?? 'bourse-key',
      secret: secret('PUSHER_APP_SECRET', env, production, production ? '' : randomBytes(16).toString('hex')),
      host: env.PUSHER_HOST ?? null,
      port: env.PUSHER_PORT ? Number(env.PUSHER_PORT) : null,
      useTls: env.PUSHER_TLS === 'true',
    },
    smtpUrl: env.SMTP_URL ?? null,
    rateLimit: { auth: Number(env.AUTH_RATE_LIMIT ?? 10), windowMs: Number(env.AUTH_RATE_WINDOW_MS ?? 60_000) },
    runWorkers: env.RUN_WORKERS !== 'false',
  };
}

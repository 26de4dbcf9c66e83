import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { isTimeZone, parseRolloverTime, type RolloverTime } from '@bourse/domain';
import { marketSettings, type MarketSettings } from './modules/market/market.config.ts';

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
  /** Bearer token of GET /metrics (Prometheus); the endpoint is off without one. */
  metricsToken: string | null;
  /** Minutes between ledger checks on the worker (balance = Σ journal, no negative live balance). */
  ledgerCheckMinutes: number;
  pusher: { appId: string; key: string; secret: string; host: string | null; port: number | null; useTls: boolean };
  /** Private channels: the built-in gateway (default) or an external Pusher-protocol service. */
  realtime: RealtimeSettings;
  /** Web Push VAPID keys as the operator set them (each null when unset; see modules/push/vapid.ts). */
  vapid: { publicKey: string | null; privateKey: string | null; subject: string | null };
  /** Uploaded files (chat attachments): disk under dataDir/uploads, or an S3-compatible bucket. */
  uploads: UploadSettings;
  smtpUrl: string | null;
  rateLimit: { auth: number; windowMs: number };
  /**
   * This node may run the background work (price feed, risk engine, robots, daily jobs): of all
   * such nodes on one database, the one holding the worker lease does.
   */
  runWorkers: boolean;
  /** The worker lease: how often it is renewed, how long a renewal keeps it, how early a holder that cannot renew stops. */
  workerLease: { renewMs: number; ttlMs: number; marginMs: number };
  /** Price feed, candles and price socket. */
  market: MarketSettings;
  trading: {
    /** Largest move, in percent, between the client's opening_price and the fill before an order is refused. */
    maxDeviationPct: number;
    /** Margin level (percent) at which stop-out closes the largest loser first. */
    stopOutLevel: number;
    /** How often the risk engine re-checks every account and picks up trades changed by other nodes. */
    riskSweepMs: number;
    /** How often running Expert Advisors and Auto Traders act on the last closed 1-minute bar; 0 turns the pass off. */
    robotPassMs: number;
  };
  /** Swaps (overnight financing): when the daily rollover charges them. */
  swaps: SwapSettings;
  /** What the retention job removes once past its period (data rights). */
  retention: RetentionSettings;
  /** Card deposits: the built-in test provider, or none (card deposits are then refused). */
  payments: { cardProvider: 'test' | null };
  log: LogSettings;
};

/**
 * The server's log. Errors and requests slower than `slowMs` are always logged; of the others, the
 * share `requestSample` (0 to 1) gets one line each, and at 1 every request gets Fastify's two
 * (received, completed). Production logs no ordinary request by default: two lines a request,
 * written as they came, were a large part of a request's cost (bench/request-path).
 */
export type LogSettings = { level: string; requestSample: number; slowMs: number };

export type SwapSettings = {
  /** The rollover's local time of day, in `zone` (17:00 New York, the forex market's day end). */
  rolloverTime: RolloverTime;
  zone: string;
  /** How often the worker looks for a rollover to charge; 0 turns the job off (the default under NODE_ENV=test, whose suites run it by hand). */
  checkMs: number;
};

function swapSettings(env: NodeJS.ProcessEnv, nodeEnv: Config['env']): SwapSettings {
  const time = env.SWAP_ROLLOVER_TIME ?? '17:00';
  const rolloverTime = parseRolloverTime(time);
  if (!rolloverTime) throw new Error(`SWAP_ROLLOVER_TIME must be a time of day as HH:MM (24-hour), not "${time}"`);
  const zone = env.SWAP_ROLLOVER_ZONE ?? 'America/New_York';
  if (!isTimeZone(zone)) throw new Error(`SWAP_ROLLOVER_ZONE must be an IANA time zone such as America/New_York, not "${zone}"`);
  const checkMs = Number(env.SWAP_CHECK_MS ?? (nodeEnv === 'test' ? 0 : 60_000));
  if (!Number.isFinite(checkMs) || checkMs < 0) throw new Error('SWAP_CHECK_MS must be a number of milliseconds (0 turns the rollover job off)');
  return { rolloverTime, zone, checkMs };
}

export type RetentionSettings = {
  /** How often the worker removes what is past its period; 0 turns the job off (the default under NODE_ENV=test, whose suites run it by hand). */
  checkMs: number;
  /** Days an expired session is kept (the sessions list, an investigation) before it is removed. */
  sessionDays: number;
  /** Days a used or expired one-time token (password reset, login link, email change, sign-in code) or sign-up email code is kept. */
  tokenDays: number;
  /** Hours a copy of a customer's data can be downloaded; then the retention job removes it. */
  exportHours: number;
};

function retentionSettings(env: NodeJS.ProcessEnv, nodeEnv: Config['env']): RetentionSettings {
  const number = (name: string, fallback: number, what: string) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be ${what}`);
    return value;
  };
  const exportHours = number('DATA_EXPORT_HOURS', 24, 'a number of hours');
  if (exportHours === 0) throw new Error('DATA_EXPORT_HOURS must be more than 0');
  const tokenDays = number('RETENTION_TOKEN_DAYS', 7, 'a number of days');
  // A sign-up's proof of its address stays usable for a day after its code.
  if (tokenDays < 1) throw new Error('RETENTION_TOKEN_DAYS must be at least 1');
  return {
    checkMs: number('RETENTION_CHECK_MINUTES', nodeEnv === 'test' ? 0 : 60, 'a number of minutes (0 turns the retention job off)') * 60_000,
    sessionDays: number('RETENTION_SESSION_DAYS', 30, 'a number of days'),
    tokenDays,
    exportHours,
  };
}

export type RealtimeSettings = {
  driver: 'gateway' | 'pusher';
  /** Seconds of silence before a ping (sent to clients in `pusher:connection_established`). */
  activityTimeoutSec: number;
  /** Prefix of the Redis pub/sub channel nodes fan out through (REDIS_URL set). */
  redisPrefix: string;
  cluster: string;
  /** What browsers connect to; null means the page's own host, port and scheme. */
  publicHost: string | null;
  publicPort: number | null;
  publicTls: boolean | null;
};

export type UploadSettings = {
  storage: 'disk' | 's3';
  maxBytes: number;
  /** Signs short-lived download URLs; derived from the Pusher secret unless set. */
  signingSecret: string;
  urlTtlSec: number;
  s3: { bucket: string; endpoint: string | null; region: string; accessKeyId: string | null; secretAccessKey: string | null; forcePathStyle: boolean } | null;
};

function realtimeSettings(env: NodeJS.ProcessEnv): RealtimeSettings {
  const tls = env.REALTIME_PUBLIC_TLS;
  return {
    driver: env.REALTIME_DRIVER === 'pusher' ? 'pusher' : 'gateway',
    activityTimeoutSec: Number(env.REALTIME_ACTIVITY_TIMEOUT ?? 120),
    redisPrefix: env.REALTIME_REDIS_PREFIX ?? 'bourse:',
    cluster: env.PUSHER_CLUSTER ?? 'mt1',
    publicHost: env.REALTIME_PUBLIC_HOST || null,
    publicPort: env.REALTIME_PUBLIC_PORT ? Number(env.REALTIME_PUBLIC_PORT) : null,
    publicTls: tls === 'true' ? true : tls === 'false' ? false : null,
  };
}

function uploadSettings(env: NodeJS.ProcessEnv, pusherSecret: string): UploadSettings {
  const endpoint = env.S3_ENDPOINT || null;
  return {
    storage: env.UPLOAD_STORAGE === 's3' ? 's3' : 'disk',
    maxBytes: Number(env.UPLOAD_MAX_BYTES ?? 10 * 1024 * 1024),
    signingSecret: env.DOWNLOAD_URL_SECRET || createHmac('sha256', pusherSecret).update('bourse-download-urls').digest('hex'),
    urlTtlSec: Number(env.DOWNLOAD_URL_TTL ?? 600),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : endpoint !== null,
        }
      : null,
  };
}

/**
 * A holder gives its lease up `marginMs` before it could expire, so a renewal must succeed within
 * `ttlMs − marginMs`: that has to leave room for more than one renewal.
 */
function workerLeaseSettings(env: NodeJS.ProcessEnv): Config['workerLease'] {
  const renewMs = Math.max(50, Number(env.WORKER_LEASE_RENEW_MS ?? 1000));
  const ttlMs = Number(env.WORKER_LEASE_TTL_MS ?? 4000);
  const marginMs = Number(env.WORKER_LEASE_MARGIN_MS ?? 1000);
  if (!(marginMs > 0) || !(ttlMs - marginMs >= 2 * renewMs)) {
    throw new Error('WORKER_LEASE_TTL_MS − WORKER_LEASE_MARGIN_MS must be at least twice WORKER_LEASE_RENEW_MS, with a margin above 0');
  }
  return { renewMs, ttlMs, marginMs };
}

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
  const pusherSecret = secret('PUSHER_APP_SECRET', env, production, production ? '' : randomBytes(16).toString('hex'));
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
    metricsToken: env.METRICS_TOKEN || null,
    ledgerCheckMinutes: Number(env.LEDGER_CHECK_MINUTES ?? 10),
    pusher: {
      appId: env.PUSHER_APP_ID ?? 'bourse',
      key: env.PUSHER_APP_KEY ?? 'bourse-key',
      secret: pusherSecret,
      host: env.PUSHER_HOST ?? null,
      port: env.PUSHER_PORT ? Number(env.PUSHER_PORT) : null,
      useTls: env.PUSHER_TLS === 'true',
    },
    realtime: realtimeSettings(env),
    vapid: { publicKey: env.VAPID_PUBLIC_KEY || null, privateKey: env.VAPID_PRIVATE_KEY || null, subject: env.VAPID_SUBJECT || null },
    uploads: uploadSettings(env, pusherSecret),
    smtpUrl: env.SMTP_URL ?? null,
    rateLimit: { auth: Number(env.AUTH_RATE_LIMIT ?? 10), windowMs: Number(env.AUTH_RATE_WINDOW_MS ?? 60_000) },
    runWorkers: env.RUN_WORKERS !== 'false',
    workerLease: workerLeaseSettings(env),
    market: marketSettings(env, nodeEnv),
    trading: {
      maxDeviationPct: Number(env.TRADE_MAX_DEVIATION_PCT ?? 1),
      stopOutLevel: Number(env.STOP_OUT_LEVEL ?? 50),
      riskSweepMs: Number(env.RISK_SWEEP_MS ?? 1000),
      robotPassMs: Number(env.ROBOT_PASS_MS ?? 60_000),
    },
    swaps: swapSettings(env, nodeEnv),
    retention: retentionSettings(env, nodeEnv),
    // A production install takes no card money through the test provider unless told to.
    payments: { cardProvider: (env.CARD_PROVIDER ?? (production ? '' : 'test')) === 'test' ? 'test' : null },
    log: {
      level: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
      requestSample: Math.min(1, Math.max(0, Number(env.LOG_REQUEST_SAMPLE ?? (production ? 0 : 1)))),
      slowMs: Number(env.LOG_SLOW_MS ?? 1000),
    },
  };
}

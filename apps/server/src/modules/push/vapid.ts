import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

/** The server's VAPID identity: the key pair that signs each push request, and whom to contact. */
export type Vapid = { publicKey: string; privateKey: string; subject: string };

const DEV_SUBJECT = 'mailto:push@bourse.invalid';

/**
 * The VAPID keys push is sent with. Set by VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT;
 * in production, push is off (null) without all three: a default key would let anyone who read the
 * source sign pushes to every subscriber. Outside production, a pair is generated once and kept in
 * the data dir so browsers' subscriptions survive a restart.
 */
export function resolveVapid(config: Pick<Config, 'env' | 'dataDir' | 'vapid'>): Vapid | null {
  const { publicKey, privateKey, subject } = config.vapid;
  if (config.env === 'production') return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : null;
  if (publicKey && privateKey) return { publicKey, privateKey, subject: subject ?? DEV_SUBJECT };
  const file = path.join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...kept, subject: subject ?? DEV_SUBJECT };
  }
  const fresh = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(fresh), { mode: 0o600 });
  return { ...fresh, subject: subject ?? DEV_SUBJECT };
}

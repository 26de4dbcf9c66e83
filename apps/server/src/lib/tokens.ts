import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** An opaque random token for the client; only its hash is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);

/** A hash of a random password, verified against when the email is unknown so timing reveals nothing. */
let decoyHash: Promise<string> | null = null;
export const decoyPasswordHash = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@bourse/contract';
import { hashToken } from '../../lib/tokens.ts';

/** A new authenticator secret (base32, 160 bits) and the URI an authenticator app scans. */
export function newTotpSecret(issuer: string, account: string): { secret: string; uri: string } {
  const secret = generateSecret({ length: 20 });
  return { secret, uri: generateURI({ issuer, label: account, secret }) };
}

/**
 * The time step of `code` when it is right for `secret` now (one step of clock drift either way)
 * and newer than `afterStep`, the last step accepted, so a code never works twice; else null.
 */
export async function checkTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: 30, ...(afterStep == null ? {} : { afterTimeStep: afterStep }) }).catch(() => null);
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten recovery codes like `k3x9p-2mqa7` (about 50 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes are compared by hash, ignoring case and the dash. */
export function recoveryCodeHash(code: string): string {
  return hashToken(`recovery:${code.trim().toLowerCase().replace('-', '')}`);
}

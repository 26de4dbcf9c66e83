import { randomInt, timingSafeEqual } from 'node:crypto';
import { type LanguageCode, messages, type VerifyEmailRequest } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { invalid } from '../../http/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import { claimAttempt, closeCode, newestExhausted, openCode, useProof } from './email-verification.repository.ts';

export const EMAIL_CODE_TTL_MINUTES = 15;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** How long a verified address may wait for the rest of the form. */
const PROOF_TTL_HOURS = 24;

// Bound to the address, so a code for one address proves nothing for another.
const codeHash = (email: string, code: string) => hashToken(`${email}\n${code}`);

/** Mails a new 6-digit code to an address no account has yet; it replaces any earlier code. */
export async function sendEmailCode(ctx: AppContext, email: string, language: LanguageCode | undefined): Promise<Date> {
  if (await findUserByEmail(ctx.db, email)) throw invalid('email', messages.emailTaken);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + EMAIL_CODE_TTL_MINUTES * 60_000);
  await openCode(ctx.db, email, codeHash(email, code), expiresAt);
  await ctx.mailer.send({ to: email, language, template: 'emailCode', code, params: { minutes: EMAIL_CODE_TTL_MINUTES } });
  return expiresAt;
}

/**
 * Checks a code: the right one is exchanged for a single-use proof, a wrong one costs one of the
 * code's tries, and the last wrong try ends the code.
 */
export async function verifyEmailCode(ctx: AppContext, { email, code }: VerifyEmailRequest): Promise<string> {
  const attempt = await claimAttempt(ctx.db, email, EMAIL_CODE_MAX_ATTEMPTS);
  if (!attempt) {
    const exhausted = await newestExhausted(ctx.db, email, EMAIL_CODE_MAX_ATTEMPTS);
    throw invalid('code', exhausted ? messages.emailCodeExhausted : messages.emailCodeExpired);
  }
  if (!timingSafeEqual(Buffer.from(attempt.codeHash), Buffer.from(codeHash(email, code)))) {
    const last = attempt.attempts >= EMAIL_CODE_MAX_ATTEMPTS;
    if (last) await closeCode(ctx.db, attempt.id, null);
    throw invalid('code', last ? messages.emailCodeExhausted : messages.emailCodeWrong);
  }
  const proof = newToken();
  if (!(await closeCode(ctx.db, attempt.id, proof.hash))) throw invalid('code', messages.emailCodeExpired);
  return proof.token;
}

/** Uses the proof a registration brings; refused when it is not this address's, used or too old. */
export async function useEmailProof(db: DbOrTx, email: string, proof: string): Promise<void> {
  if (!(await useProof(db, email, hashToken(proof), PROOF_TTL_HOURS))) throw invalid('email_token', messages.emailNotVerified);
}

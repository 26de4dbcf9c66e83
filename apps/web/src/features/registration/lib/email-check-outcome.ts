import { countryFromCode, messages, type CheckEmailResponse } from '@bourse/contract';
import { ApiError, serverWords } from '@/lib/api-client';

export type EmailCheckOutcome = { ok: true; country: string } | { ok: false; message: string };

/** SPEC §8: an answer that is not successful or not available keeps the user on step one. */
export function outcomeOfAnswer(answer: CheckEmailResponse): EmailCheckOutcome {
  if (!answer.success || !answer.data?.available) return { ok: false, message: answer.message || messages.emailTaken };
  return { ok: true, country: countryFromCode(answer.data.country) };
}

/**
 * SPEC §8: a failed check shows the server's message, else "Failed to check email availability";
 * any other failure (network, timeout) its own message, else the generic one.
 */
export function messageOfFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return error.body?.message ? serverWords(error.body.message) : messages.emailCheckFailed;
  if (error instanceof Error && error.message) return error.message;
  return messages.genericError;
}

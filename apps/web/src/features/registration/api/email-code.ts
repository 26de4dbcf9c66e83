import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailRequest } from '@bourse/contract';
import { currentLanguage } from '@/i18n/i18n';
import { http } from '@/lib/api-client';

type CodeSent = { message: string; data: { expires_at: string } };
type Verified = { message: string; data: { email_token: string } };

/** Mails a 6-digit code to the address, written in the language the sign-up is shown in. */
export const sendEmailCode = (email: string) => http.post<CodeSent>('/auth/email-code', { email, language: currentLanguage() }, { skipAuthRedirect: true });
/** Exchanges the mailed code for the proof that registration brings. */
export const verifyEmail = (body: VerifyEmailRequest) => http.post<Verified>('/auth/verify-email', body, { skipAuthRedirect: true });

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

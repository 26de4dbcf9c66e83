import { useMutation } from '@tanstack/react-query';
import type { RegisterForm, User } from '@bourse/contract';
import { currentLanguage } from '@/i18n/i18n';
import { http } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

type RegisterResult = { message: string; data: { user: User; token: string } };

/**
 * SPEC §7 POST /auth/register: the form fields plus the carried-over ones, with the proof that the
 * email was verified; the answer is a session, which is stored (the customer is signed in).
 */
export const registerAccount = ({ form, emailToken }: { form: RegisterForm; emailToken: string }) =>
  http.post<RegisterResult>('/auth/register', { ...form, email_token: emailToken, language: currentLanguage() }, { skipAuthRedirect: true });

export function useRegister() {
  return useMutation({
    mutationFn: registerAccount,
    onSuccess: ({ data }) => useSession.getState().setSession(data.user, data.token),
  });
}

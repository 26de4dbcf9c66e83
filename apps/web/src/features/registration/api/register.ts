import { useMutation } from '@tanstack/react-query';
import type { RegisterForm, User } from '@bourse/contract';
import { http } from '@/lib/api-client';

type RegisterResult = { message: string; data: { user: User } };

/** SPEC §7 POST /auth/register: the form fields plus the carried-over ones. */
export const registerAccount = (form: RegisterForm) => http.post<RegisterResult>('/auth/register', form, { skipAuthRedirect: true });

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}

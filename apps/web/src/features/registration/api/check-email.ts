import { useMutation } from '@tanstack/react-query';
import type { CheckEmailResponse } from '@bourse/contract';
import { http } from '@/lib/api-client';

/** SPEC §7 POST /auth/check-email: availability and a country guess (upper-case code). */
export const checkEmail = (email: string) => http.post<CheckEmailResponse>('/auth/check-email', { email }, { skipAuthRedirect: true });

export function useCheckEmail() {
  return useMutation({ mutationFn: checkEmail });
}

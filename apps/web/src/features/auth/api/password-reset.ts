import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@bourse/contract';
import { http } from '@/lib/api-client';

type MessageResult = { message: string };

/** Always answers the same neutral message, so it reveals nothing about which emails exist. */
export const requestPasswordReset = (email: string) => http.post<MessageResult>('/auth/forgot-password', { email }, { skipAuthRedirect: true });
export const resetPassword = (body: ResetPasswordRequest) => http.post<MessageResult>('/auth/reset-password', body, { skipAuthRedirect: true });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, User } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

type LoginResult = { data: { user: User; token: string } };

export const login = (body: LoginRequest) => http.post<LoginResult>('/auth/login', body, { skipAuthRedirect: true });
export const autoLogin = (token: string) => http.post<LoginResult>('/auth/auto-login', { token }, { skipAuthRedirect: true });

/** Signs in and stores the session (SPEC §4: logged in when user and token are set). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ data }) => useSession.getState().setSession(data.user, data.token),
  });
}

/** Signs in with a one-time link from the back office and stores the session. */
export function useAutoLogin() {
  return useMutation({
    mutationFn: autoLogin,
    onSuccess: ({ data }) => useSession.getState().setSession(data.user, data.token),
  });
}

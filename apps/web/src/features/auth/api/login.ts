import { useMutation } from '@tanstack/react-query';
import type { LoginChallenge, LoginRequest, TwoFactorLogin, User } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

type LoginResult = { data: { user: User; token: string } };
/** With two-factor sign-in on, the password alone answers a challenge instead of a session. */
type PasswordResult = { data: { user: User; token: string } | LoginChallenge };

export const login = (body: LoginRequest) => http.post<PasswordResult>('/auth/login', body, { skipAuthRedirect: true });
export const loginWithCode = (body: TwoFactorLogin) => http.post<LoginResult>('/auth/login/two-factor', body, { skipAuthRedirect: true });
/** With two-factor on, a link stands in for the password only and answers a challenge too. */
export const autoLogin = (token: string) => http.post<PasswordResult>('/auth/auto-login', { token }, { skipAuthRedirect: true });

/** Signs in and stores the session (SPEC §4: logged in when user and token are set). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ data }) => {
      if ('token' in data) useSession.getState().setSession(data.user, data.token);
    },
  });
}

/** Second step of a sign-in with two-factor on: the challenge and a code. */
export function useLoginWithCode() {
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: ({ data }) => useSession.getState().setSession(data.user, data.token),
  });
}

/** Signs in with a one-time link from the back office and stores the session (unless a code is asked for). */
export function useAutoLogin() {
  return useMutation({
    mutationFn: autoLogin,
    onSuccess: ({ data }) => {
      if ('token' in data) useSession.getState().setSession(data.user, data.token);
    },
  });
}

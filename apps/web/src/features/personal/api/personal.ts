import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordChange, Profile, ProfileUpdate, SessionInfo, User } from '@bourse/contract';
import { i18next } from '@/i18n/i18n';
import { ApiError, apiUrl, authHeaders, http } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

export const personalKeys = {
  profile: ['personal', 'profile'] as const,
  sessions: ['personal', 'sessions'] as const,
};

type Message = { message: string };

/** Re-reads the user for the header (name, avatar) without the app's loading state. */
async function refreshUser() {
  const { data } = await http.get<{ data: User }>('/user');
  useSession.getState().setUser(data);
}

export function useProfile(enabled = true) {
  return useQuery({ queryKey: personalKeys.profile, queryFn: async () => (await http.get<{ data: Profile }>('/user/profile')).data, enabled });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => http.patch<{ data: Profile; message: string }>('/user/profile', body),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(personalKeys.profile, data);
      void refreshUser();
    },
  });
}

/** POST /user/avatar as multipart; answers the new avatar URL. */
async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const url = apiUrl('/user/avatar');
  const res = await fetch(url, { method: 'POST', headers: { Accept: 'application/json', ...authHeaders() }, body: form }).catch(() => {
    throw new ApiError(0, i18next.t('Could not reach the server.'), null);
  });
  const body = (await res.json().catch(() => null)) as { data?: { avatar: string }; message?: string } | null;
  if (res.ok && body?.data) return body.data.avatar;
  console.error('API error', { status: res.status, statusText: res.statusText, data: body, url, method: 'POST' });
  const message = body?.message ?? (res.status === 413 ? i18next.t('The image must be 5 MB or smaller.') : i18next.t('The upload failed. Please try again.'));
  throw new ApiError(res.status, message, { message });
}

export function useAvatar() {
  const queryClient = useQueryClient();
  const settle = () => Promise.all([queryClient.invalidateQueries({ queryKey: personalKeys.profile }), refreshUser()]);
  const upload = useMutation({ mutationFn: uploadAvatar, onSuccess: settle });
  const remove = useMutation({ mutationFn: () => http.delete<Message>('/user/avatar'), onSuccess: settle });
  return { upload, remove };
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) => http.post<Message>('/user/password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personalKeys.sessions }),
  });
}

export function useSessions() {
  return useQuery({ queryKey: personalKeys.sessions, queryFn: async () => (await http.get<{ data: SessionInfo[] }>('/user/sessions')).data });
}

export function useEndSessions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: personalKeys.sessions });
  const one = useMutation({ mutationFn: (id: number) => http.delete<Message>(`/user/sessions/${id}`), onSuccess });
  const others = useMutation({ mutationFn: () => http.delete<Message>('/user/sessions'), onSuccess });
  return { one, others };
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => http.post<Message>('/user/email', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personalKeys.profile }),
  });
}

export const confirmEmail = (token: string) => http.post<Message>('/auth/confirm-email', { token }, { skipAuthRedirect: true });

export function useTwoFactor() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: personalKeys.profile });
  const setup = useMutation({ mutationFn: (password: string) => http.post<{ data: { secret: string; otpauth_url: string } }>('/user/two-factor/setup', { password }) });
  const enable = useMutation({
    mutationFn: (code: string) => http.post<{ data: { recovery_codes: string[] }; message: string }>('/user/two-factor/enable', { code }),
    onSuccess: settle,
  });
  const disable = useMutation({ mutationFn: (body: { password: string; code: string }) => http.post<Message>('/user/two-factor/disable', body), onSuccess: settle });
  return { setup, enable, disable };
}

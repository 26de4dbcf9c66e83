import { http } from '@/lib/api-client';

/** POST /notifications/{id}/read. */
export function markNotificationRead(id: number | string): Promise<unknown> {
  return http.post(`/notifications/${encodeURIComponent(String(id))}/read`, {});
}

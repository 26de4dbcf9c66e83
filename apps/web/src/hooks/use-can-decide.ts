import { useSession } from '@/stores/session-store';

/**
 * Whether the signed-in member of staff may decide: approve or reject, move money, change a
 * client or the site. Only admins may; support staff read the back office and chat. The server
 * refuses the rest with 403 (routes with `auth: 'admin'`), so the back office shows support no
 * control it would refuse.
 */
export function useCanDecide(): boolean {
  return useSession((s) => s.user?.role === 'admin');
}

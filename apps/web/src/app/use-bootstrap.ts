import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { BOOTSTRAP_DELAY_MS, isPublicPath } from '@/config/constants';
import { useSession } from '@/stores/session-store';
import { usePreferences } from '@/stores/preferences-store';
import { useSiteData } from '@/stores/site-data-store';

/**
 * SPEC §4 bootstrap: about 100 ms after a token appears on a non-public route, fetch the user and
 * then the initial data, once per login; the flag resets when the token disappears.
 */
export function useBootstrap() {
  const token = useSession((s) => s.token);
  const { pathname } = useLocation();
  const done = useRef(false);
  const onPublic = isPublicPath(pathname);

  useEffect(() => {
    if (!token) {
      done.current = false;
      return;
    }
    if (done.current || onPublic) return;
    const timer = setTimeout(async () => {
      done.current = true;
      const user = await useSession.getState().fetchUser();
      if (!user) return;
      await useSiteData.getState().fetchData();
      await usePreferences.getState().load();
    }, BOOTSTRAP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [token, onPublic]);
}

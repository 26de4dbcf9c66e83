import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { configureApi, resetUnauthorizedMemory } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';
import { AccountGate } from './gates/account-gate';
import { SiteGate } from './gates/site-gate';
import { useBootstrap } from './use-bootstrap';
import { useSiteBranding } from './use-favicon';
import { RealtimeServices } from './realtime/realtime-services';

// Children's effects run before Root's, and they may call the API on their first render.
configureApi({ token: () => useSession.getState().token });

/** Root route: site gate, bootstrap, account gate, then the matched screen. */
export function Root() {
  const navigate = useNavigate();
  useEffect(() => {
    configureApi({
      token: () => useSession.getState().token,
      onUnauthorized: () => {
        useSession.getState().clear();
        navigate('/', { replace: true });
      },
    });
    return useSession.subscribe((s, prev) => {
      if (s.token !== prev.token) resetUnauthorizedMemory();
    });
  }, [navigate]);
  useSiteBranding();
  useBootstrap();
  return (
    <SiteGate>
      <RealtimeServices />
      <AccountGate>
        <Outlet />
      </AccountGate>
    </SiteGate>
  );
}

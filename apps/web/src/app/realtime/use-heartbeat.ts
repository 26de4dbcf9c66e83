import { useEffect } from 'react';
import { HEARTBEAT_MS } from '@/config/constants';
import { http } from '@/lib/api-client';

function beat() {
  if (document.visibilityState === 'hidden') return;
  http.post('/user/heartbeat', {}).catch((error: unknown) => console.error('Heartbeat failed', error));
}

/** SPEC §7 heartbeat: at start, every 60 s and when the tab becomes visible; skipped while hidden. */
export function useHeartbeat(active: boolean) {
  useEffect(() => {
    if (!active) return;
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') beat();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active]);
}

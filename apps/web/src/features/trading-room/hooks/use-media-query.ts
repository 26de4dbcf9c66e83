import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@/config/constants';

/** Whether a CSS media query matches, kept in step with the window. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', cb);
      return () => list.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** SPEC §9 breakpoint: from 768 px panels sit beside the chart; below they open as overlays. */
export const useIsDesktop = () => useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);

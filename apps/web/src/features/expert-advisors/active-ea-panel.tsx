import { lazy, Suspense } from 'react';
import { useMarketplaceItems } from '@/features/marketplace/api/marketplace';
import { useSiteData } from '@/stores/site-data-store';
import { useRobots } from './api/robots';

// The panel's form (react-hook-form, zod) loads when an advisor is first opened, not with the room.
const EaPanel = lazy(() => import('./components/ea-panel').then((m) => ({ default: m.EaPanel })));

/**
 * The panel of the advisor chosen in the Algo Trader list (SPEC §3 activeEA). It lives at the
 * room's level, so the panel stays open when the sidebar folds into an overlay on a narrow screen.
 */
export function ActiveEaPanel() {
  const activeEA = useSiteData((s) => s.activeEA);
  const setActiveEA = useSiteData((s) => s.setActiveEA);
  const items = useMarketplaceItems();
  const robots = useRobots();
  const advisor = items.data?.find((i) => i.id === activeEA);
  if (!advisor) return null;
  return (
    <Suspense fallback={null}>
      <EaPanel advisor={advisor} robot={robots.data?.robots.find((r) => r.ea_id === advisor.id)} onClose={() => setActiveEA(null)} />
    </Suspense>
  );
}

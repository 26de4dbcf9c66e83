import { Link } from 'react-router';
import { Bot } from 'lucide-react';
import { toast } from 'sonner';
import { useRobots } from '@/features/expert-advisors/api/robots';
import { useMarketplaceItems } from '@/features/marketplace/api/marketplace';
import { cn } from '@/lib/cn';
import { useSession } from '@/stores/session-store';
import { useSiteData } from '@/stores/site-data-store';

/** SPEC §2 Algo Trader: the Expert Advisors the user owns (user.eas), each opening its panel (ActiveEaPanel). */
export function AlgoTrader({ className }: { className?: string }) {
  const eas = useSession((s) => s.user?.eas) ?? [];
  const items = useMarketplaceItems();
  const robots = useRobots();
  const setActiveEA = useSiteData((s) => s.setActiveEA);
  const owned = (items.data ?? []).filter((i) => i.type === 'expert_advisor' && eas.includes(i.id));

  const choose = (id: number) => {
    // SPEC §8: the panel only opens on an advisor that exists and is the customer's.
    if (!items.data?.some((i) => i.id === id)) return toast.error('Expert Advisor not found');
    if (!eas.includes(id)) return toast.error('This Expert Advisor is not available for your plan');
    setActiveEA(id);
  };

  return (
    <section aria-label="Algo Trader" className={cn('flex min-h-0 flex-col', className)}>
      <h2 className="px-3 pt-3 pb-2 text-xs font-semibold tracking-wider text-muted uppercase">Algo Trader</h2>
      {items.isPending && eas.length > 0 ? (
        <p className="p-4 text-center text-sm text-muted">Loading Expert Advisors...</p>
      ) : owned.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted">
          <Bot className="size-6" aria-hidden />
          <p>You have no Expert Advisors yet.</p>
          <Link to="/main/marketplace" className="text-brand hover:underline">
            Visit the marketplace
          </Link>
        </div>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto px-2">
          {owned.map((item) => {
            const running = robots.data?.find((r) => r.ea_id === item.id)?.status === 'running';
            return (
              <li key={item.id}>
                <button type="button" onClick={() => choose(item.id)} className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-panel-2" data-testid="algo-item">
                  <img src={item.image} alt="" className="size-6 rounded object-cover" />
                  <span className="min-w-0 flex-1 truncate">{item.name}</span>
                  <span className={cn('text-xs', running ? 'text-up' : 'text-muted')}>{running ? 'Running' : 'Stopped'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

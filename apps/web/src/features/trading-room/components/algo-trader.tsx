import { Link } from 'react-router';
import { Bot } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useSession } from '@/stores/session-store';

/** SPEC §2 Algo Trader: the Expert Advisors the user owns (user.eas). */
export function AlgoTrader({ className }: { className?: string }) {
  const eas = useSession((s) => s.user?.eas) ?? [];
  return (
    <section aria-label="Algo Trader" className={cn('flex min-h-0 flex-col', className)}>
      <h2 className="px-3 pt-3 pb-2 text-xs font-semibold tracking-wider text-muted uppercase">Algo Trader</h2>
      {eas.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted">
          <Bot className="size-6" aria-hidden />
          <p>You have no Expert Advisors yet.</p>
          <Link to="/main/marketplace" className="text-brand hover:underline">
            Visit the marketplace
          </Link>
        </div>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto px-2">
          {eas.map((id) => (
            <li key={id} className="flex items-center gap-2 rounded-md px-2 py-2 text-sm hover:bg-panel-2">
              <Bot className="size-4 text-brand" aria-hidden /> Expert Advisor #{id}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

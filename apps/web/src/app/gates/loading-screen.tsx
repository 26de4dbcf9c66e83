import { useEffect, useState } from 'react';
import { BarChart3, Bitcoin, TrendingUp } from 'lucide-react';
import { DEFAULT_BRAND, LOADING_TICK_MS } from '@/config/constants';

/** SPEC §2 loading screen: the bar fills 1% every 30 ms, then `onLoaded` runs once. */
export function LoadingScreen({ siteName, onLoaded }: { siteName?: string | null; onLoaded?: () => void }) {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setProgress((p) => Math.min(100, p + 1)), LOADING_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (progress === 100) onLoaded?.();
  }, [progress, onLoaded]);
  const icons = [TrendingUp, BarChart3, Bitcoin];
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-8 p-6" aria-busy="true">
      <h1 className="text-3xl font-bold tracking-tight">{siteName || DEFAULT_BRAND}</h1>
      <div className="flex gap-6" aria-hidden>
        {icons.map((Icon, i) => (
          <span key={i} className="flex size-12 animate-pulse items-center justify-center rounded-full bg-panel-2 text-brand" style={{ animationDelay: `${i * 200}ms` }}>
            <Icon className="size-6" />
          </span>
        ))}
      </div>
      <div className="w-64">
        <div className="h-1.5 overflow-hidden rounded-full bg-panel-2" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label="Loading">
          <div className="h-full bg-brand transition-[width]" style={{ width: `${progress}%` }} />
        </div>
        <p className="mt-3 text-center text-sm text-muted">Loading market data...</p>
      </div>
    </main>
  );
}

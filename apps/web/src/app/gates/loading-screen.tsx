import { useEffect, useState } from 'react';
import { BarChart3, Bitcoin, TrendingUp } from 'lucide-react';
import { DEFAULT_BRAND, LOADING_TICK_MS } from '@/config/constants';
import { useSiteSettings } from '@/stores/settings-store';
import { useTranslation } from 'react-i18next';

/** A screen chunk that arrives this quickly shows no loading screen at all: it would only flicker. */
const ROUTE_LOADING_DELAY_MS = 150;

// One loading screen per page load: when the route fallback hands over to the site gate's, the
// bar goes on from where it was instead of starting again at 0.
let firstShownAt: number | null = null;

/** SPEC §2 loading screen: the bar fills 1% every 30 ms, then `onLoaded` runs once. */
export function LoadingScreen({ siteName, onLoaded }: { siteName?: string | null; onLoaded?: () => void }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState(() => {
    firstShownAt ??= performance.now();
    return Math.min(100, Math.floor((performance.now() - firstShownAt) / LOADING_TICK_MS));
  });
  useEffect(() => {
    const timer = setInterval(() => setProgress((p) => Math.min(100, p + 1)), LOADING_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (progress === 100) onLoaded?.();
  }, [progress, onLoaded]);
  const icons = [
    { name: 'trend', Icon: TrendingUp },
    { name: 'chart', Icon: BarChart3 },
    { name: 'bitcoin', Icon: Bitcoin },
  ];
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-8 p-6" aria-busy="true">
      <h1 className="text-3xl font-bold tracking-tight">{siteName || DEFAULT_BRAND}</h1>
      <div className="flex gap-6" aria-hidden>
        {icons.map(({ name, Icon }, i) => (
          <span key={name} className="flex size-12 animate-pulse items-center justify-center rounded-full bg-panel-2 text-brand" style={{ animationDelay: `${i * 200}ms` }}>
            <Icon className="size-6" />
          </span>
        ))}
      </div>
      <div className="w-64">
        <div className="h-1.5 overflow-hidden rounded-full bg-panel-2" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label={t('Loading')}>
          <div className="h-full bg-brand-solid transition-[width]" style={{ width: `${progress}%` }} />
        </div>
        <p className="mt-3 text-center text-sm text-muted">{t('Loading market data...')}</p>
      </div>
    </main>
  );
}

/** While a first visit's screen chunk loads (the router renders nothing of the app until then). */
export function RouteLoading() {
  const siteName = useSiteSettings((s) => s.settings?.name);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), ROUTE_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <LoadingScreen siteName={siteName} /> : <main className="min-h-full" aria-busy="true" />;
}

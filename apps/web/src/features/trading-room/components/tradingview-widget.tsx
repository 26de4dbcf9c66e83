import { useEffect, useRef, useState } from 'react';
import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { LanguageCode } from '@bourse/contract';
import { useTheme } from '@/stores/theme-store';

const EMBED_BASE = 'https://s3.tradingview.com/external-embedding/';
/** Give up on a script that neither loads nor fails (a network that swallows requests). */
const LOAD_TIMEOUT_MS = 15_000;

/** The texts are in the language shown. */
type WidgetProps = { script: string; config: Record<string, unknown>; loadingText: string; offlineTitle: string; offlineText: string };

/**
 * A third-party TradingView embed (SPEC §2 calendar and news). The provider's script reads its
 * settings from its own text; when it cannot load (no internet) the panel says so instead.
 */
export function TradingViewWidget({ script, config, loadingText, offlineTitle, offlineText }: WidgetProps) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'loaded' | 'offline'>('loading');
  const [attempt, setAttempt] = useState(0);
  const configText = JSON.stringify(config);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt reloads the script when the reader asks to try again
  useEffect(() => {
    const host = hostRef.current!;
    setState('loading');
    const inner = document.createElement('div');
    inner.className = 'tradingview-widget-container__widget h-full';
    const tag = document.createElement('script');
    tag.src = `${EMBED_BASE}${script}`;
    tag.async = true;
    tag.text = configText;
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'offline' : s)), LOAD_TIMEOUT_MS);
    tag.onload = () => setState('loaded');
    tag.onerror = () => setState('offline');
    host.replaceChildren(inner, tag);
    return () => {
      clearTimeout(timer);
      host.replaceChildren();
    };
  }, [script, configText, attempt]);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div ref={hostRef} className="tradingview-widget-container min-h-0 flex-1" hidden={state === 'offline'} />
      {state === 'loading' && (
        <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-muted">
          <Spinner className="size-4" /> {loadingText}
        </div>
      )}
      {state === 'offline' && (
        <div role="status" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-muted">
          <WifiOff className="size-6" aria-hidden />
          <p className="font-medium text-fg">{offlineTitle}</p>
          <p>{offlineText}</p>
          <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('Try again')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** TradingView's names for the app's languages; English is the SPEC's "en". */
const widgetLocales: Record<LanguageCode, string> = { en: 'en', es: 'es', fr: 'fr', de: 'de_DE', pt: 'pt', ar: 'ar_AE' };
const widgetLocale = (language: string) => widgetLocales[language as LanguageCode] ?? 'en';

/** SPEC §2 Calendar panel: TradingView's economic calendar, in the app's theme and language. */
export function CalendarPanel() {
  const { t, i18n } = useTranslation();
  const colorTheme = useTheme((s) => s.theme);
  return (
    <TradingViewWidget
      script="embed-widget-events.js"
      loadingText={t('Loading economic calendar...')}
      offlineTitle={t('Economic calendar is offline')}
      offlineText={t('The economic calendar is provided by TradingView and could not be loaded. Check your internet connection.')}
      config={{ colorTheme, isTransparent: true, width: '100%', height: '100%', locale: widgetLocale(i18n.language), importanceFilter: '-1,0,1' }}
    />
  );
}

/** SPEC §2 Market News panel: TradingView's news timeline, in the app's theme and language. */
export function NewsPanel() {
  const { t, i18n } = useTranslation();
  const colorTheme = useTheme((s) => s.theme);
  return (
    <TradingViewWidget
      script="embed-widget-timeline.js"
      loadingText={t('Loading market news...')}
      offlineTitle={t('Market news is offline')}
      offlineText={t('Market news is provided by TradingView and could not be loaded. Check your internet connection.')}
      config={{ feedMode: 'all_symbols', colorTheme, isTransparent: true, displayMode: 'regular', width: '100%', height: '100%', locale: widgetLocale(i18n.language) }}
    />
  );
}

import type { AppContext } from '../../app-context.ts';
import { scrapedGauge } from '../../lib/metrics.ts';
import type { PriceSocket } from '../../realtime/price-socket.ts';
import type { MarketRuntime } from './market.runtime.ts';

/**
 * The market's metrics, read at each scrape: price socket clients, how fresh the feed is, and on a
 * worker each outside price source's health and each execution venue's session.
 */
export function watchMarket(ctx: AppContext, market: MarketRuntime, socket: PriceSocket): void {
  const { metrics } = ctx;
  scrapedGauge(metrics, 'bourse_price_sockets', 'Price socket connections on this node', [], (set) => set({}, socket.io.engine.clientsCount));
  const redis = socket.redisConnected;
  if (redis !== null) metrics.onScrape(() => metrics.redisConnected.set({ client: 'prices' }, redis() ? 1 : 0));
  scrapedGauge(metrics, 'bourse_feed_age_seconds', 'Time since this node last took a price from the feed', [], (set) => set({}, (Date.now() - market.state.feedAt) / 1000));
  const perSource = (name: string, help: string, value: (h: ReturnType<NonNullable<MarketRuntime['feeds']>['health']>[number]) => number | null) =>
    scrapedGauge(metrics, name, help, ['source', 'kind'], (set) => {
      for (const health of market.feeds?.health() ?? []) {
        const v = value(health);
        if (v !== null) set({ source: health.source, kind: health.kind }, v);
      }
    });
  perSource('bourse_source_connected', 'An outside price source is connected (1) or not (0)', (h) => (h.connected ? 1 : 0));
  perSource('bourse_source_quotes_per_second', 'Quotes per second from an outside price source', (h) => h.quotesPerSecond);
  perSource('bourse_source_last_quote_age_seconds', "Time since an outside price source's last quote", (h) => (h.lastQuoteAgeMs === null ? null : h.lastQuoteAgeMs / 1000));
  perSource('bourse_source_drops', 'Quotes an outside price source sent that the filters dropped, since it started', (h) => h.drops);
  perSource('bourse_source_reconnects', 'Reconnections of an outside price source since it started', (h) => h.reconnects);
  perSource('bourse_source_failovers', 'Switches away from an outside price source since it started', (h) => h.failovers);
  scrapedGauge(metrics, 'bourse_venue_connected', 'An execution venue’s order session is logged on (1) or not (0)', ['venue'], (set) => {
    for (const { config, session } of market.venues?.all() ?? []) set({ venue: config.name }, session.connected ? 1 : 0);
  });
}

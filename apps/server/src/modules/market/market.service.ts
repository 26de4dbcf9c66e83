import path from 'node:path';
import type { AdminAssetUpdate, Asset, AssetType, InstrumentFeedConfig, PriceFeedsConfig, PriceFeedsConfigView, PriceFeedsView } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { FeedsConfigError, loadFeedsConfig, writeInstrumentFeed } from './feeds/feed-config.ts';
import { findAsset, searchAssets, updateAsset } from './asset.repository.ts';
import type { FeedHub } from './feeds/feed-hub.ts';
import type { MarketState } from './market-state.ts';
import { marketOf } from './market.runtime.ts';

/** A page of the catalogue for operators, enabled or not, with live values. */
export async function adminAssetPage(ctx: AppContext, q: { search?: string; type?: AssetType; page: number }): Promise<{ data: Asset[]; total: number }> {
  const { state } = marketOf(ctx);
  const { ids, total } = await searchAssets(ctx.db, q);
  const data = ids.map((id) => state.find(id)).filter((inst) => inst !== undefined).map((inst) => state.asset(inst));
  return { data, total };
}

/**
 * Changes an instrument's trading terms. The feed, the asset list and the price socket follow at
 * once on this node; other nodes reload the row when told through the price socket's adapter.
 */
export async function updateAssetTerms(ctx: AppContext, id: number, patch: AdminAssetUpdate): Promise<Asset> {
  const market = marketOf(ctx);
  const row = await updateAsset(ctx.db, id, patch);
  if (!row) throw notFound();
  const inst = market.applyRow(row);
  if (!inst) throw notFound();
  market.onAssetChanged(id);
  return market.state.asset(inst);
}

/** Reloads one instrument after another node changed it. */
export async function reloadAsset(ctx: AppContext, id: number): Promise<void> {
  const row = await findAsset(ctx.db, id);
  if (row) marketOf(ctx).applyRow(row);
}

/** The back office's view of this node's price sources. */
export function priceFeedsView(feeds: FeedHub | null, state: MarketState, venues: PriceFeedsView['venues']): PriceFeedsView {
  if (!feeds) return { running: false, sources: [], switches: [], instruments: [], venues };
  return {
    running: true,
    venues,
    instruments: feeds.instruments().map(({ index, source }) => {
      const inst = state.instruments[index]!;
      const quoted = state.quoted[index] === 1;
      const value = (column: Float64Array) => (quoted ? column[index]! : null);
      return {
        symbol: inst.symbol,
        source,
        raw_bid: value(state.rawBid),
        raw_ask: value(state.rawAsk),
        bid: value(state.bid),
        ask: value(state.ask),
        digits: inst.digits,
        quoted_at: quoted ? new Date(state.at[index]!).toISOString() : null,
      };
    }),
    sources: feeds.health().map((h) => ({
      source: h.source,
      kind: h.kind,
      status: h.status,
      connected: h.connected,
      last_quote_age_ms: h.lastQuoteAgeMs,
      quotes_per_second: h.quotesPerSecond,
      drops: h.drops,
      unknown_symbols: h.unknownSymbols,
      malformed: h.malformed,
      reconnects: h.reconnects,
      failovers: h.failovers,
      active_for: h.activeFor,
      detail: h.detail,
    })),
    switches: feeds.recentSwitches().map((s) => ({ symbol: s.symbol, from: s.from, to: s.to, reason: s.reason, at: new Date(s.at).toISOString() })),
  };
}

/** The routing part of the price sources file, for the back office's editor (nothing when the server has no file). */
export async function priceFeedsConfigView(ctx: AppContext): Promise<PriceFeedsConfigView> {
  const file = ctx.config.market.feedsFile;
  if (!file) return { editable: false, sources: [], venues: [], instruments: {} };
  return configView(await loadFeedsConfig(path.resolve(file)));
}

function configView(config: PriceFeedsConfig): PriceFeedsConfigView {
  return {
    editable: true,
    sources: config.sources.map((s) => ({ name: s.name, kind: s.kind })),
    venues: config.venues.map((v) => v.name),
    instruments: config.instruments,
  };
}

let editing: Promise<unknown> = Promise.resolve();

/**
 * Sets (null: removes, back to the simulator) an instrument's sources, markup and execution in the
 * price sources file, and runs them at once on this node when it runs the sources; a worker
 * elsewhere following the same file picks the edit up within seconds. Edits run one at a time.
 */
export async function setInstrumentFeed(ctx: AppContext, actor: AuditActor, symbol: string, entry: InstrumentFeedConfig | null): Promise<PriceFeedsConfigView> {
  const file = ctx.config.market.feedsFile;
  if (!file) throw new HttpError(409, 'This server was started without a PRICE_FEEDS file: its price sources cannot be edited here.');
  const market = marketOf(ctx);
  if (!market.state.find(symbol)) throw notFound('No instrument has this symbol.');
  const write = editing.then(() => writeInstrumentFeed(path.resolve(file), symbol, entry));
  editing = write.catch(() => {});
  let config: PriceFeedsConfig;
  try {
    config = await write;
  } catch (error) {
    if (error instanceof FeedsConfigError) throw new HttpError(422, error.problems[0] ?? error.message, { instruments: error.problems });
    throw error;
  }
  if (market.feeds) market.applyFeeds(config);
  await audit(ctx.db, actor, { action: entry ? 'price_feed.set' : 'price_feed.removed', subjectType: 'instrument', subjectId: symbol, details: entry ? { ...entry } : {} });
  return configView(config);
}

import { unpackPriceUpdate, type Asset, type PackedPriceUpdate, type PriceUpdate } from '@bourse/contract';
import { isSessionOpen } from '@bourse/domain';
import type { AssetRow } from './asset.repository.ts';
import { instrumentOf, type Instrument } from './instrument.ts';
import { DayStats, type HourBar } from './day-stats.ts';
import type { PriceSource, Quote } from './price-source.ts';

export type { Instrument } from './instrument.ts';

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * Live values of every instrument (mid price, 24h figures) in flat arrays, and the server's
 * `PriceSource`. The feed writes it tick by tick on the worker node; other nodes apply the batches
 * the worker broadcasts.
 */
export class MarketState implements PriceSource {
  readonly instruments: Instrument[];
  readonly price: Float64Array;
  readonly at: Float64Array;
  readonly open24: Float64Array;
  readonly low24: Float64Array;
  readonly high24: Float64Array;
  readonly vol24: Float64Array;
  readonly day: DayStats;
  /**
   * The customer's bid and ask of instruments priced by a source that quotes both (`quoted` set):
   * markup included, they stand in for price × (1 ∓ spread). Raw quotes, as the source sent them,
   * are kept beside them for the dealer.
   */
  readonly bid: Float64Array;
  readonly ask: Float64Array;
  readonly rawBid: Float64Array;
  readonly rawAsk: Float64Array;
  readonly quoted: Uint8Array;
  /** Bumped whenever an instrument's terms change, so caches of the asset list know to rebuild. */
  revision = 0;
  /** Bumped by every tick or update applied, so caches of live figures can tell nothing moved. */
  priceRevision = 0;
  /** Wall-clock time the feed last delivered ticks to this node (set by the runtime per step or batch). */
  feedAt: number;
  /** Quiet time after which the feed counts as stalled; 0 never does (a market driven by hand). */
  staleAfterMs = 0;
  private readonly byId = new Map<number, Instrument>();
  private readonly byKey = new Map<string, Instrument>();
  private readonly listeners = new Set<(quote: Quote) => void>();
  private readonly daySeeded: Uint8Array;
  private daySource: ((inst: Instrument) => HourBar[]) | null = null;

  /** Every instrument on the `always` session (MarketSettings.alwaysOpen). */
  private readonly alwaysOpen: boolean;

  constructor(rows: AssetRow[], now: number, opts: { alwaysOpen?: boolean } = {}) {
    const n = rows.length;
    this.feedAt = now;
    this.alwaysOpen = opts.alwaysOpen ?? false;
    this.instruments = rows.map((row, i) => this.instrumentOf(row, i));
    [this.price, this.at, this.open24, this.low24, this.high24, this.vol24, this.bid, this.ask, this.rawBid, this.rawAsk] = Array.from({ length: 10 }, () => new Float64Array(n));
    this.quoted = new Uint8Array(n);
    this.day = new DayStats(n, this);
    this.daySeeded = new Uint8Array(n);
    rows.forEach((row, i) => {
      const price = row.rate ?? row.refPrice;
      this.price[i] = this.open24[i] = this.low24[i] = this.high24[i] = price;
      this.at[i] = row.rateAt?.getTime() ?? now;
    });
    for (const inst of this.instruments) {
      this.byId.set(inst.id, inst);
      for (const key of [inst.symbol, inst.symbolDisplay, inst.sy]) this.byKey.set(key.toUpperCase(), inst);
    }
  }

  /** An instrument by id, or by symbol, display symbol or `sy` (case-insensitive). */
  find(key: string | number): Instrument | undefined {
    return typeof key === 'number' ? this.byId.get(key) : this.byKey.get(key.toUpperCase()) ?? this.byId.get(Number(key));
  }

  /**
   * Where an instrument's 24h figures start from (its last hourly bars, oldest first). Asked
   * lazily, the first time the instrument ticks or is shown, so start-up does not pay for all.
   */
  setDaySource(source: (inst: Instrument) => HourBar[]): void {
    this.daySource = source;
    this.daySeeded.fill(0);
  }

  private ensureDay(i: number): void {
    if (this.daySeeded[i]) return;
    this.daySeeded[i] = 1;
    if (this.daySource) this.day.seed(i, this.daySource(this.instruments[i]!));
  }

  /** Starts an instrument's 24h figures again from these hourly bars, oldest first (its history was filled in). */
  reseedDay(i: number, bars: HourBar[]): void {
    this.daySeeded[i] = 1;
    this.day.seed(i, bars);
  }

  /** A tick from the feed (worker node). */
  tick(i: number, price: number, volume: number, at: number): void {
    this.ensureDay(i);
    this.priceRevision++;
    this.price[i] = price;
    this.at[i] = at;
    this.day.add(i, price, volume, at);
    if (this.listeners.size) this.emit(this.instruments[i]!);
  }

  /**
   * A quote from a source with its own bid and ask (worker node), after filters and markup: the
   * mid becomes the price the 24h figures and candles follow.
   */
  quoteTick(i: number, bid: number, ask: number, rawBid: number, rawAsk: number, volume: number, at: number): void {
    this.ensureDay(i);
    this.priceRevision++;
    const mid = (bid + ask) / 2;
    this.price[i] = mid;
    this.bid[i] = bid;
    this.ask[i] = ask;
    this.rawBid[i] = rawBid;
    this.rawAsk[i] = rawAsk;
    this.quoted[i] = 1;
    this.at[i] = at;
    this.day.add(i, mid, volume, at);
    if (this.listeners.size) this.emit(this.instruments[i]!);
  }

  /** Hands an instrument back to prices from its spreads (its source was removed). */
  unquote(i: number): void {
    this.quoted[i] = 0;
    this.priceRevision++;
  }

  /** An update the worker broadcast (other nodes). */
  applyPacked(p: PackedPriceUpdate): Instrument | undefined {
    const inst = this.byId.get(p[0]);
    if (!inst) return undefined;
    const i = inst.index;
    this.priceRevision++;
    this.daySeeded[i] = 1;
    this.price[i] = p[1];
    this.low24[i] = p[2];
    this.high24[i] = p[3];
    this.open24[i] = p[1] - p[4];
    this.vol24[i] = p[6];
    this.at[i] = p[7];
    if (p[8] !== undefined && p[9] !== undefined) {
      this.bid[i] = p[8];
      this.ask[i] = p[9];
      this.quoted[i] = 1;
    } else this.quoted[i] = 0;
    if (this.listeners.size) this.emit(inst);
    return inst;
  }

  private instrumentOf(row: AssetRow, index: number): Instrument {
    const inst = instrumentOf(row, index);
    return this.alwaysOpen ? { ...inst, session: 'always' } : inst;
  }

  /** Applies an operator's edit of the catalogue row. */
  replaceInstrument(row: AssetRow): Instrument | undefined {
    const old = this.byId.get(row.id);
    if (!old) return undefined;
    const next = this.instrumentOf(row, old.index);
    this.instruments[old.index] = next;
    this.byId.set(next.id, next);
    for (const key of [next.symbol, next.symbolDisplay, next.sy]) this.byKey.set(key.toUpperCase(), next);
    this.revision++;
    return next;
  }

  quote(assetId: number): Quote | null {
    const inst = this.byId.get(assetId);
    return inst ? this.quoteOf(inst) : null;
  }

  onTick(listener: (quote: Quote) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  stalled(now = Date.now(), assetId?: number): boolean {
    if (this.staleAfterMs <= 0) return false;
    if (now - this.feedAt > this.staleAfterMs) return true;
    const inst = assetId === undefined ? undefined : this.byId.get(assetId);
    return inst !== undefined && this.quoted[inst.index] === 1 && now - this.at[inst.index]! > this.staleAfterMs;
  }

  isOpen(assetId: number, at: Date = new Date()): boolean {
    const inst = this.byId.get(assetId);
    return inst ? isSessionOpen(inst.session, at) : false;
  }

  /** The SPEC §3 Asset view with current values. */
  asset(inst: Instrument): Asset {
    const i = inst.index;
    this.ensureDay(i);
    const d = inst.digits;
    const price = this.price[i]!;
    const { bid: sell, ask: buy } = this.bidAsk(inst);
    const change = price - this.open24[i]!;
    return {
      id: inst.id,
      asset_id: inst.id,
      name: inst.name,
      symbol: inst.symbol,
      symbol_display: inst.symbolDisplay,
      sy: inst.sy,
      type: inst.type,
      category: inst.category,
      image: inst.image,
      tv_symbol: inst.tvSymbol,
      rate: round(price, d),
      change: round(change, d),
      change_percent: this.open24[i] ? round((change / this.open24[i]!) * 100, 2) : 0,
      price_low: round(this.low24[i]!, d),
      price_high: round(this.high24[i]!, d),
      volume: Math.round(this.vol24[i]!),
      updated_at: new Date(this.at[i]!).toISOString(),
      // A quoted instrument's spreads are those of its latest quote, so that the SPEC's
      // buy_price = rate × (1 + buy_spread) holds for it too.
      buy_spread: this.quoted[i] && price ? round(buy / price - 1, 10) : inst.buySpread,
      sell_spread: this.quoted[i] && price ? round(1 - sell / price, 10) : inst.sellSpread,
      spread: round(buy - sell, d),
      buy_price: round(buy, d),
      sell_price: round(sell, d),
      contract_size: inst.contractSize,
      position: round(inst.contractSize * 0.01, 6),
      leverage: inst.leverage,
      quote_currency: inst.quoteCurrency,
      digits: d,
      enabled: inst.enabled,
      price_derived: inst.priceDerived,
    };
  }

  /** Every enabled instrument, in catalogue order. */
  enabledAssets(): Asset[] {
    const out: Asset[] = [];
    for (const inst of this.instruments) if (inst.enabled) out.push(this.asset(inst));
    return out;
  }

  /** The compact form of an instrument's latest tick (see `PackedPriceUpdate`). */
  packed(inst: Instrument): PackedPriceUpdate {
    const i = inst.index;
    this.ensureDay(i);
    const d = inst.digits;
    const price = this.price[i]!;
    const open = this.open24[i]!;
    const packed: PackedPriceUpdate = [
      inst.id,
      round(price, d),
      round(this.low24[i]!, d),
      round(this.high24[i]!, d),
      round(price - open, d),
      open ? round(((price - open) / open) * 100, 2) : 0,
      Math.round(this.vol24[i]!),
      this.at[i]!,
    ];
    if (this.quoted[i]) packed.push(round(this.bid[i]!, d), round(this.ask[i]!, d));
    return packed;
  }

  /** The SPEC §3 "Live price update" of an instrument's latest tick. */
  update(inst: Instrument): PriceUpdate {
    return unpackPriceUpdate(this.packed(inst));
  }

  private quoteOf(inst: Instrument): Quote {
    const price = this.price[inst.index]!;
    const { bid, ask } = this.bidAsk(inst);
    return { assetId: inst.id, price, bid, ask, ts: this.at[inst.index]! };
  }

  private bidAsk(inst: Instrument): { bid: number; ask: number } {
    const i = inst.index;
    if (this.quoted[i]) return { bid: this.bid[i]!, ask: this.ask[i]! };
    const price = this.price[i]!;
    return { bid: price * (1 - inst.sellSpread), ask: price * (1 + inst.buySpread) };
  }

  private emit(inst: Instrument): void {
    const quote = this.quoteOf(inst);
    for (const listener of this.listeners) listener(quote);
  }
}

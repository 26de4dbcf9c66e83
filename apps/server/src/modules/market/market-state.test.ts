import { describe, expect, it } from 'vitest';
import { catalogueRows } from './catalogue-rows.ts';
import { MarketCatalog } from './market-catalog.ts';
import { MarketState } from './market-state.ts';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const rows = () => catalogueRows(['EURUSD', 'USDJPY', 'BTCUSD', 'AAPL'], new Date(NOW));

describe('market state', () => {
  it('finds instruments by id, symbol, display symbol or sy', () => {
    const state = new MarketState(rows(), NOW);
    const btc = state.find('BTCUSD')!;
    expect(state.find('btc/usd')).toBe(btc);
    expect(state.find(btc.id)).toBe(btc);
    expect(state.find(String(btc.id))).toBe(btc);
    expect(state.find('NOPE')).toBeUndefined();
  });

  it('quotes bid and ask from the spreads and tells listeners of every tick', () => {
    const state = new MarketState(rows(), NOW);
    const eur = state.find('EURUSD')!;
    const seen: number[] = [];
    const stop = state.onTick((q) => seen.push(q.price));
    state.tick(eur.index, 1.1, 1000, NOW + 5);
    stop();
    state.tick(eur.index, 1.2, 1000, NOW + 6);
    expect(seen).toEqual([1.1]);
    expect(state.quote(eur.id)).toEqual({ assetId: eur.id, price: 1.2, bid: 1.2 * (1 - eur.sellSpread), ask: 1.2 * (1 + eur.buySpread), ts: NOW + 6 });
    expect(state.quote(99_999)).toBeNull();
  });

  it('shows the SPEC asset with prices derived from the mid and the spreads', () => {
    const state = new MarketState(rows(), NOW);
    const jpy = state.find('USDJPY')!;
    state.tick(jpy.index, 151.234, 5, NOW);
    const a = state.asset(jpy);
    expect(a).toMatchObject({ id: jpy.id, asset_id: jpy.id, rate: 151.234, digits: 3, contract_size: 100_000, position: 1000, type: 'forex', category: 'major' });
    expect(a.buy_price).toBe(Math.round(151.234 * (1 + jpy.buySpread) * 1000) / 1000);
    expect(a.sell_price).toBe(Math.round(151.234 * (1 - jpy.sellSpread) * 1000) / 1000);
    expect(a.updated_at).toBe(new Date(NOW).toISOString());
  });

  it('tells whether a market is open from the instrument type', () => {
    const state = new MarketState(rows(), NOW);
    const saturday = new Date('2026-11-28T15:00:00Z');
    expect(state.isOpen(state.find('AAPL')!.id, new Date(NOW))).toBe(true);
    expect(state.isOpen(state.find('AAPL')!.id, saturday)).toBe(false);
    expect(state.isOpen(state.find('BTCUSD')!.id, saturday)).toBe(true);
    expect(state.isOpen(99_999)).toBe(false);
  });

  it('applies updates broadcast by the worker node', () => {
    const state = new MarketState(rows(), NOW);
    const btc = state.find('BTCUSD')!;
    state.applyPacked([btc.id, 70_000, 65_000, 71_000, 2000, 2.94, 123, NOW + 1]);
    expect(state.update(btc)).toEqual({
      id: btc.id,
      price: 70_000,
      priceLow24h: 65_000,
      priceHigh24h: 71_000,
      change24h: 2000,
      changePercent24h: 2.94,
      volume24h: 123,
      lastUpdated: new Date(NOW + 1).toISOString(),
      ts: NOW + 1,
    });
  });

  it('gives the trading engine its catalogue view, without disabled instruments to open', async () => {
    const source = rows();
    const state = new MarketState(source, NOW);
    const catalog = new MarketCatalog(state);
    expect(await catalog.get(state.find('BTCUSD')!.id)).toMatchObject({ symbol: 'BTCUSD', category: 'cryptos', contractSize: 1, quoteCurrency: 'USD' });
    expect((await catalog.pair('USD', 'JPY'))?.symbol).toBe('USDJPY');
    expect(await catalog.pair('JPY', 'USD')).toBeNull();
    const revision = state.revision;
    state.replaceInstrument({ ...source.find((r) => r.symbol === 'EURUSD')!, enabled: false });
    expect(state.revision).toBe(revision + 1);
    expect(await catalog.get(state.find('EURUSD')!.id)).toBeNull();
    expect((await catalog.pair('EUR', 'USD'))?.symbol).toBe('EURUSD');
    expect(state.enabledAssets().map((a) => a.symbol)).toEqual(['USDJPY', 'BTCUSD', 'AAPL']);
  });

  it('quotes a sourced instrument at its own bid and ask, and carries them to the other nodes', () => {
    const worker = new MarketState(rows(), NOW);
    const eur = worker.find('EURUSD')!;
    const seen: { bid: number; ask: number }[] = [];
    worker.onTick((q) => seen.push({ bid: q.bid, ask: q.ask }));
    worker.quoteTick(eur.index, 1.10448, 1.10456, 1.1045, 1.10454, 3, NOW + 10);
    expect(worker.quote(eur.id)).toEqual({ assetId: eur.id, price: 1.10452, bid: 1.10448, ask: 1.10456, ts: NOW + 10 });
    expect(seen).toEqual([{ bid: 1.10448, ask: 1.10456 }]);
    expect([worker.rawBid[eur.index], worker.rawAsk[eur.index]]).toEqual([1.1045, 1.10454]);

    // The catalogue view keeps the SPEC's buy_price = rate × (1 + buy_spread) true for it.
    const a = worker.asset(eur);
    expect(a).toMatchObject({ rate: 1.10452, buy_price: 1.10456, sell_price: 1.10448, spread: 0.00008 });
    expect(a.rate * (1 + a.buy_spread)).toBeCloseTo(a.buy_price, 9);
    expect(a.rate * (1 - a.sell_spread)).toBeCloseTo(a.sell_price, 9);

    const packed = worker.packed(eur);
    expect(packed.slice(8)).toEqual([1.10448, 1.10456]);
    expect(worker.packed(worker.find('USDJPY')!)).toHaveLength(8);
    const api = new MarketState(rows(), NOW);
    api.applyPacked(packed);
    expect(api.quote(eur.id)).toMatchObject({ bid: 1.10448, ask: 1.10456 });
    expect(api.update(api.find('EURUSD')!)).toMatchObject({ price: 1.10452, bid: 1.10448, ask: 1.10456 });

    // Handed back to the spreads, it quotes from them again.
    worker.unquote(eur.index);
    expect(worker.quote(eur.id)!.ask).toBeCloseTo(1.10452 * (1 + eur.buySpread), 12);
  });

  it('counts an instrument whose own source went quiet as stalled while the simulator ticks the rest', () => {
    const state = new MarketState(rows(), NOW);
    state.staleAfterMs = 3000;
    const btc = state.find('BTCUSD')!;
    const jpy = state.find('USDJPY')!;
    state.quoteTick(btc.index, 70_000, 70_002, 70_000.5, 70_001.5, 1, NOW);
    state.feedAt = NOW + 5000; // the simulator ticked the other instruments meanwhile
    expect(state.stalled(NOW + 5000)).toBe(false);
    expect(state.stalled(NOW + 5000, jpy.id)).toBe(false);
    expect(state.stalled(NOW + 2000, btc.id)).toBe(false);
    expect(state.stalled(NOW + 5000, btc.id)).toBe(true);
    state.quoteTick(btc.index, 70_010, 70_012, 70_010.5, 70_011.5, 1, NOW + 5000);
    expect(state.stalled(NOW + 5000, btc.id)).toBe(false);
  });
});


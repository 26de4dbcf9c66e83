import type { Asset } from '@bourse/contract';

let nextId = 1;

/** An instrument for unit tests: a forex major unless told otherwise; `sy` and `symbol` follow `symbol_display`. */
export function assetFixture(over: Partial<Asset> & Pick<Asset, 'symbol_display'>): Asset {
  const id = over.asset_id ?? nextId++;
  return {
    id,
    asset_id: id,
    name: over.symbol_display,
    symbol: over.symbol_display.replace('/', ''),
    sy: over.symbol_display,
    type: 'forex',
    category: 'major',
    image: null,
    tv_symbol: `FX:${over.symbol_display.replace('/', '')}`,
    rate: 1,
    change: 0,
    change_percent: 0,
    price_low: 1,
    price_high: 1,
    volume: 0,
    updated_at: '2026-01-01T00:00:00.000Z',
    buy_spread: 0.001,
    sell_spread: 0.002,
    spread: 0,
    buy_price: 1,
    sell_price: 1,
    contract_size: 100_000,
    position: 1000,
    leverage: 100,
    quote_currency: 'USD',
    digits: 5,
    enabled: true,
    price_derived: false,
    ...over,
  };
}

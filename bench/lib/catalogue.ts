import type { Asset, AssetType } from '../../packages/contract/src/assets.ts';

const types: AssetType[] = ['forex', 'crypto', 'indices', 'stocks', 'commodities', 'metals'];

/** `count` instruments in the GET /assets shape, spread over every type, BTC/USD first. */
export function benchCatalogue(count: number): Asset[] {
  const now = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    const type = types[i % types.length]!;
    const fx = type === 'forex' && i !== 0;
    const rate = i === 0 ? 65_000 : fx ? 0.5 + ((i * 7919) % 1000) / 1000 : 1 + ((i * 7919) % 5000) / 10;
    const digits = fx ? 5 : 2;
    const label = i === 0 ? 'BTC/USD' : `${type.slice(0, 3).toUpperCase()}${id}`;
    return {
      id, asset_id: id, name: i === 0 ? 'Bitcoin' : `Instrument ${id}`, symbol: label.replace('/', ''), symbol_display: label, sy: label,
      type: i === 0 ? 'crypto' : type, category: i === 0 ? 'crypto' : 'stock', image: null, tv_symbol: i === 0 ? 'BITSTAMP:BTCUSD' : `BENCH:${label}`,
      rate, change: 0, change_percent: 0, price_low: rate * 0.99, price_high: rate * 1.01, volume: 1000, updated_at: now,
      buy_spread: 0.0002, sell_spread: 0.0002, spread: rate * 0.0004, buy_price: rate * 1.0002, sell_price: rate * 0.9998,
      contract_size: fx ? 100_000 : 1, position: fx ? 1000 : 0.01, leverage: 20, quote_currency: 'USD', digits, enabled: true, price_derived: false,
    };
  });
}

/** 500 one-minute candles ending now, a gentle random walk from `rate`. */
export function benchCandles(rate: number) {
  const now = Math.floor(Date.now() / 60_000) * 60;
  let price = rate;
  return Array.from({ length: 500 }, (_, i) => {
    const open = price;
    price *= 1 + Math.sin(i * 0.37) * 0.001;
    return { time: now - (499 - i) * 60, open, high: Math.max(open, price) * 1.0005, low: Math.min(open, price) * 0.9995, close: price, volume: 1 };
  });
}

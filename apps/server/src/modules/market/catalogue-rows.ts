import type { AssetRow } from './asset.repository.ts';
import { catalogue } from './catalogue.ts';

/**
 * Catalogue instruments as a fresh database holds them (ids in catalogue order), without a
 * database: for unit tests and benchmarks of the market's parts. `symbols` picks and orders them.
 */
export function catalogueRows(symbols: string[] | null, historyAnchor: Date): AssetRow[] {
  const all = catalogue();
  const picked = symbols ? symbols.map((s) => all.find((d) => d.symbol === s)!) : all;
  return picked.map((d, i) => ({
    id: i + 1,
    symbol: d.symbol,
    name: d.name,
    symbolDisplay: d.symbolDisplay,
    sy: d.sy,
    type: d.type,
    category: d.category,
    image: null,
    tvSymbol: d.tvSymbol,
    quoteCurrency: d.quoteCurrency,
    digits: d.digits,
    contractSize: d.contractSize,
    leverage: d.leverage,
    buySpread: d.buySpread,
    sellSpread: d.sellSpread,
    refPrice: d.refPrice,
    priceDerived: d.priceDerived,
    enabled: true,
    rate: null,
    rateAt: null,
    historyAnchor,
    updatedAt: historyAnchor,
  }));
}

import type { AssetSubcategory, AssetType } from '@bourse/contract';
import { sessionOf, type TradingSession } from '@bourse/domain';
import type { AssetRow } from './asset.repository.ts';

/** An instrument as the running market knows it: catalogue row plus its place in the state arrays. */
export type Instrument = {
  index: number;
  id: number;
  symbol: string;
  name: string;
  symbolDisplay: string;
  sy: string;
  type: AssetType;
  category: AssetSubcategory;
  image: string | null;
  tvSymbol: string;
  quoteCurrency: string;
  digits: number;
  contractSize: number;
  leverage: number;
  buySpread: number;
  sellSpread: number;
  refPrice: number;
  priceDerived: boolean;
  enabled: boolean;
  session: TradingSession;
  /** Generated history ends here (ms); recorded candles start here. */
  historyAnchor: number;
};

export function instrumentOf(row: AssetRow, index: number): Instrument {
  return {
    index,
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    symbolDisplay: row.symbolDisplay,
    sy: row.sy,
    type: row.type,
    category: row.category as AssetSubcategory,
    image: row.image,
    tvSymbol: row.tvSymbol,
    quoteCurrency: row.quoteCurrency,
    digits: row.digits,
    contractSize: row.contractSize,
    leverage: row.leverage,
    buySpread: row.buySpread,
    sellSpread: row.sellSpread,
    refPrice: row.refPrice,
    priceDerived: row.priceDerived,
    enabled: row.enabled,
    session: sessionOf(row.type),
    historyAnchor: row.historyAnchor.getTime(),
  };
}

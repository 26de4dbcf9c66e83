import { leverageCategoryOf } from '@bourse/contract';
import type { Instrument as TradedInstrument, InstrumentCatalog } from '../trading/instruments.ts';
import type { Instrument, MarketState } from './market-state.ts';

function traded(inst: Instrument): TradedInstrument {
  return {
    id: inst.id,
    symbol: inst.symbol,
    name: inst.name,
    category: leverageCategoryOf[inst.type],
    subcategory: inst.category,
    contractSize: inst.contractSize,
    leverage: inst.leverage,
    quoteCurrency: inst.quoteCurrency,
    digits: inst.digits,
  };
}

/**
 * The trading engine's view of the catalogue, answered from the live market state (operators'
 * edits apply at once). A disabled instrument cannot be opened (`get` answers null) but still
 * converts currencies.
 */
export class MarketCatalog implements InstrumentCatalog {
  private readonly state: MarketState;

  constructor(state: MarketState) {
    this.state = state;
  }

  async get(assetId: number): Promise<TradedInstrument | null> {
    const inst = this.state.find(assetId);
    return inst?.enabled ? traded(inst) : null;
  }

  async pair(base: string, quote: string): Promise<TradedInstrument | null> {
    const inst = this.state.find(`${base}${quote}`);
    return inst && (inst.type === 'forex' || inst.type === 'crypto' || inst.type === 'metals') ? traded(inst) : null;
  }
}

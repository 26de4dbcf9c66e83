import { Decimal } from 'decimal.js';
import {
  accountSummaryDecimal,
  closingPrice,
  fillPrice,
  lotsToUnits,
  marginDecimal,
  pnlDecimal,
  type PendingKind,
  type Side,
} from '@bourse/domain';
import type { Quote } from '../../src/modules/market/price-source.ts';
import type { Instrument } from '../../src/modules/trading/instruments.ts';
import type { TestInstruments } from './trading.ts';

/**
 * An instrument the model trades: the leverage the server resolves for it (SPEC §9 precedence with
 * the default settings and the Basic plan), the largest order it places (in hundredths of a lot)
 * and the largest single price move (percent), sized so that stop-outs happen.
 */
export type ModelAsset = Instrument & { effectiveLeverage: number; lotsMax: number; movePct: number };

export function modelAssetsOf(i: TestInstruments): ModelAsset[] {
  return [
    { ...i.eurusd, effectiveLeverage: 100, lotsMax: 800, movePct: 1.2 },
    { ...i.btcusd, effectiveLeverage: 10, lotsMax: 150, movePct: 9 },
    { ...i.usdjpy, effectiveLeverage: 100, lotsMax: 800, movePct: 1.2 },
  ];
}

export type ModelTrade = {
  id: number;
  tradeId: string;
  asset: ModelAsset;
  side: Side;
  status: 'open' | 'pending';
  kind: 'market' | PendingKind;
  lots: Decimal;
  open: number;
  margin: Decimal;
  tp: number | null;
  sl: number | null;
};

/**
 * The expected state of one trading account: its balance and its open positions and pending orders.
 * It predicts the outcome of each request from the SPEC rules (domain functions, decimal money).
 */
export class AccountModel {
  balance = new Decimal(10_000);
  trades = new Map<number, ModelTrade>();
  readonly quoteOf: (assetId: number) => Quote;
  readonly usdjpy: number;

  constructor(quoteOf: (assetId: number) => Quote, usdjpy: number) {
    this.quoteOf = quoteOf;
    this.usdjpy = usdjpy;
  }

  /** Account-currency (USD) value of one unit of the asset's quote currency (only USD and JPY here). */
  conversion(asset: ModelAsset): number {
    return asset.quoteCurrency === 'USD' ? 1 : 1 / this.quoteOf(this.usdjpy).price;
  }

  pnlOf(t: ModelTrade, quote = this.quoteOf(t.asset.id)): Decimal {
    const units = lotsToUnits(t.lots.toNumber(), t.asset.contractSize);
    return pnlDecimal({ side: t.side, units, openPrice: t.open, closePrice: closingPrice(t.side, quote), conversion: this.conversion(t.asset) });
  }

  open(): ModelTrade[] {
    return [...this.trades.values()].filter((t) => t.status === 'open');
  }

  pending(): ModelTrade[] {
    return [...this.trades.values()].filter((t) => t.status === 'pending');
  }

  summary() {
    let margin = new Decimal(0);
    let pnl = new Decimal(0);
    for (const t of this.open()) {
      margin = margin.plus(t.margin);
      pnl = pnl.plus(this.pnlOf(t));
    }
    return accountSummaryDecimal({ balance: this.balance, credit: 0, margin, pnl });
  }

  /** Free margin as the order check computes it: P&L summed exactly, not rounded per trade. */
  freeMargin(): Decimal {
    let free = this.balance;
    for (const t of this.open()) {
      const units = new Decimal(t.lots).times(t.asset.contractSize);
      const move = new Decimal(closingPrice(t.side, this.quoteOf(t.asset.id))).minus(t.open);
      free = free.minus(t.margin).plus(units.times(t.side === 'buy' ? move : move.negated()).times(this.conversion(t.asset)));
    }
    return free;
  }

  /** Fill price and margin of a market order now; `fits` says whether free margin covers it. */
  marketOrder(asset: ModelAsset, side: Side, lots: number) {
    const fill = fillPrice(side, this.quoteOf(asset.id));
    const margin = marginDecimal({ lots, contractSize: asset.contractSize, rate: fill, leverage: asset.effectiveLeverage, conversion: this.conversion(asset) });
    return { fill, margin, fits: !margin.greaterThan(this.freeMargin()) };
  }

  /**
   * Realises P&L as the server does: a balance left negative liquidates the account's other open
   * positions (all but `closing`, which the caller removes) at the current price, and what is still
   * negative after that is corrected back to 0.
   */
  settle(pnl: Decimal, closing?: number): void {
    this.balance = this.balance.plus(pnl);
    if (!this.balance.isNegative()) return;
    for (const t of this.open()) {
      if (t.id === closing) continue;
      this.balance = this.balance.plus(this.pnlOf(t));
      this.trades.delete(t.id);
    }
    this.balance = Decimal.max(0, this.balance);
  }
}

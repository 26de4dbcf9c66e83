import { Decimal } from 'decimal.js';
import { accountSummaryDecimal, closingPrice, markedQuote, pnlDecimal, type AccountSummary } from '@bourse/domain';
import type { PriceSource } from '../market/price-source.ts';
import { conversionRate, type InstrumentCatalog } from './instruments.ts';
import type { LiveFigures } from './trade-view.ts';
import type { Exposure, TradeRow } from './trades.repository.ts';

/**
 * Values open trades at the server's current prices in one account currency, caching conversion
 * rates for its lifetime (one request or one engine job).
 */
export class Valuer {
  readonly #rates = new Map<string, Promise<number | null>>();
  readonly catalog: InstrumentCatalog;
  readonly prices: PriceSource;
  readonly currency: string;

  constructor(catalog: InstrumentCatalog, prices: PriceSource, currency: string) {
    this.catalog = catalog;
    this.prices = prices;
    this.currency = currency;
  }

  conversion(quoteCurrency: string): Promise<number | null> {
    let rate = this.#rates.get(quoteCurrency);
    if (!rate) {
      rate = conversionRate(this.catalog, this.prices, quoteCurrency, this.currency);
      this.#rates.set(quoteCurrency, rate);
    }
    return rate;
  }

  /** Where an open trade would close now (the instrument's quote widened by the trade's markup) and its P&L there; null without a quote or a rate. */
  async live(row: TradeRow, quote = this.prices.quote(row.assetId)): Promise<(LiveFigures & { pnlDecimal: Decimal }) | null> {
    const rate = await this.conversion(row.quoteCurrency);
    if (!quote || rate === null || row.openingPrice === null) return null;
    const close = closingPrice(row.tradeType, markedQuote(quote, Number(row.markup)));
    const pnl = pnlDecimal({ side: row.tradeType, units: Number(row.volume), openPrice: Number(row.openingPrice), closePrice: close, conversion: rate });
    return { closingPrice: close, pnl: pnl.toFixed(2), pnlDecimal: pnl };
  }

  /**
   * Free margin (equity − margin, SPEC §9) from aggregated exposure: each group's P&L is
   * ±(units × closing price − cost), converted; not rounded per trade. The cost has each trade's
   * markup in it (see account_exposures), so the instrument's own quote values it.
   */
  async freeMargin(balance: string, exposures: Exposure[]): Promise<Decimal> {
    let free = new Decimal(balance);
    for (const e of exposures) {
      free = free.minus(e.margin);
      const quote = this.prices.quote(e.assetId);
      const rate = await this.conversion(e.quoteCurrency);
      if (!quote || rate === null) continue;
      const value = new Decimal(e.units).times(closingPrice(e.side, quote)).minus(e.cost);
      free = free.plus((e.side === 'buy' ? value : value.negated()).times(rate));
    }
    return free;
  }

  /** Margin used and unrealised P&L of an account's open trades, and the SPEC §9 summary from them. */
  async summary(balance: string, credit: string, open: TradeRow[]): Promise<AccountSummary<Decimal>> {
    let margin = new Decimal(0);
    let pnl = new Decimal(0);
    for (const row of open) {
      margin = margin.plus(row.margin);
      const live = await this.live(row);
      if (live) pnl = pnl.plus(live.pnlDecimal);
    }
    return accountSummaryDecimal({ balance, credit, margin, pnl });
  }
}

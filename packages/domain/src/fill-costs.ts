import { PIP_SIZE } from './calculator.ts';

/** Pips are a currency pair's unit: 0.0001 (SPEC §9), or 0.01 for a yen-quoted pair. */
export const YEN_PIP_SIZE = 0.01;

/**
 * The pip of an instrument: forex pairs have one; other markets (a coin worth 60,000, an index)
 * count slippage and spread in their price, so this is null for them.
 */
export function pipSizeOf(instrument: { category: string; quoteCurrency: string }): number | null {
  if (instrument.category !== 'forex') return null;
  return instrument.quoteCurrency.toUpperCase() === 'JPY' ? YEN_PIP_SIZE : PIP_SIZE;
}

/** What a fill cost the trader beyond the market: slippage and the spread, in pips and in money. */
export type FillCosts = {
  /** Pips the fill was worse (positive) or better (negative) than the requested price; null without a pip. */
  slippagePips: number | null;
  /** The slippage in account currency: positive cost, negative saving. */
  slippageCost: number | null;
  /** The ask − bid gap at the fill, in pips. */
  spreadPips: number | null;
  /** The spread in account currency: what crossing it cost on this many units. */
  spreadCost: number | null;
};

/**
 * A fill's costs from what the engine recorded: `slippage` in price (filled − requested, signed
 * for the trader), the `spread` at the fill in price, the quote-to-account `conversion` rate and
 * the instrument's `pipSize` (see pipSizeOf). Money is rounded to cents.
 */
export function fillCosts(fill: { units: number; slippage: number | null; spread: number | null; conversion: number | null; pipSize: number | null }): FillCosts {
  const pips = (price: number | null) => (price === null || fill.pipSize === null ? null : round(price / fill.pipSize, 1));
  const money = (price: number | null) => (price === null || fill.conversion === null ? null : round(price * fill.units * fill.conversion, 2));
  return { slippagePips: pips(fill.slippage), slippageCost: money(fill.slippage), spreadPips: pips(fill.spread), spreadCost: money(fill.spread) };
}

function round(n: number, decimals: number): number {
  const rounded = Number(n.toFixed(decimals));
  // -0 reads as "−0.0" in a receipt; a fill exactly at the requested price had no slippage.
  return rounded === 0 ? 0 : rounded;
}

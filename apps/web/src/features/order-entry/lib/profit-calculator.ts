import { roundPrice, type TradeSide } from '@bourse/contract';
import { defaultTargets, margin, maxPosition, pipValue, pnl, returnOnEquity } from '@bourse/domain';

/** The calculator's form (SPEC §5): volume in units, prices in the quote currency; 0 leaves a level out. */
export type CalculatorValues = { volume: number; entryPrice: number; takeProfit: number; stopLoss: number };

/** SPEC §9 figures of a planned trade. */
export type CalculatorResult = {
  /** P&L at the take-profit (null when none is set). */
  profit: number | null;
  /** P&L at the stop-loss (null when none is set), negative for a loss. */
  loss: number | null;
  /** Return on the margin at the take-profit and at the stop-loss, in percent. */
  roeProfit: number | null;
  roeLoss: number | null;
  pipValue: number;
  margin: number;
  /** leverage × 1000 */
  maxPosition: number;
  exceedsMax: boolean;
};

/** Calculator figures for a `side` trade at `leverage`, converted with `conversion` into the account currency. */
export function calculate(side: TradeSide, values: CalculatorValues, leverage: number, conversion = 1): CalculatorResult {
  const { volume, entryPrice: entry } = values;
  const at = (level: number) => (level > 0 ? pnl({ side, units: volume, openPrice: entry, closePrice: level, conversion }) : null);
  const roe = (level: number) => (level > 0 ? returnOnEquity(side, entry, level, leverage) : null);
  const max = maxPosition(leverage);
  return {
    profit: at(values.takeProfit),
    loss: at(values.stopLoss),
    roeProfit: roe(values.takeProfit),
    roeLoss: roe(values.stopLoss),
    pipValue: pipValue(volume) * conversion,
    margin: margin({ lots: volume, contractSize: 1, rate: entry, leverage, conversion }),
    maxPosition: max,
    exceedsMax: volume > max,
  };
}

/** The form's starting values: the order's size and price with SPEC §9's default 0.1 % targets, in the instrument's `digits`. */
export function calculatorDefaults(side: TradeSide, units: number, entry: number, digits: number): CalculatorValues {
  const targets = defaultTargets(side, entry);
  const price = (n: number) => roundPrice(n, digits);
  return { volume: units, entryPrice: price(entry), takeProfit: price(targets.takeProfit), stopLoss: price(targets.stopLoss) };
}

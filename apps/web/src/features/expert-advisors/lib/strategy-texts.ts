import { msg } from '@/i18n/i18n';

/**
 * The strategies' names (`strategyLabels`) and parameter labels (the `.describe()` of each field)
 * come from @bourse/contract in English; they are marked here for the message catalogue and shown
 * with `t()`. A label added there and not here is shown in English.
 */
export const strategyTexts = [
  msg('Moving-average crossover'),
  msg('RSI mean reversion'),
  msg('Donchian breakout'),
  msg('Grid'),
  msg('Lots per order'),
  msg('Take profit, % from entry (0 = none)'),
  msg('Stop loss, % from entry (0 = none)'),
  msg('Fast MA period'),
  msg('Slow MA period'),
  msg('Average type'),
  msg('RSI period'),
  msg('Buy below RSI'),
  msg('Sell above RSI'),
  msg('Entry channel, bars'),
  msg('Exit channel, bars'),
  msg('Grid step, % of the anchor price'),
  msg('Most grid levels open'),
] as const;

import { z } from 'zod';
import { strategyParamsSchemas, type StrategyKey } from '@bourse/contract';
import { english, type Translate } from '../backtest-params';

const amount = (message: string) => z.number({ error: message }).refine(Number.isFinite, message);

/**
 * The Expert Advisor panel's form: the account and instrument it trades, its limits (open
 * positions, lots per order, daily loss) and the strategy's parameters; messages in the language `t` gives.
 */
export function robotFormSchema(strategy: StrategyKey, t: Translate = english) {
  return z.object({
    account_id: z.number({ error: t('Choose an account.') }).int().positive(t('Choose an account.')),
    asset_id: z.number({ error: t('Choose an instrument.') }).int().positive(t('Choose an instrument.')),
    max_positions: z.number({ error: t('Enter a number.') }).int().min(1).max(50),
    max_lots: amount(t('Enter the most lots per order.'))
      .min(0.01, t('At least {{lots}} lots.', { lots: 0.01 }))
      .max(50, t('At most {{lots}} lots.', { lots: 50 })),
    daily_loss_limit: amount(t('Enter an amount, or leave it empty for no limit.')).positive(t('Enter an amount above 0, or leave it empty.')).nullable(),
    params: strategyParamsSchemas[strategy],
  });
}
export type RobotFormValues = z.output<ReturnType<typeof robotFormSchema>>;
export type RobotFormInput = z.input<ReturnType<typeof robotFormSchema>>;

/** An empty number field is "no limit". */
export const optionalNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

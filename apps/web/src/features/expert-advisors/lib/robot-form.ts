import { z } from 'zod';
import { strategyParamsSchemas, type StrategyKey } from '@bourse/contract';

/** The Expert Advisor panel's form: the instrument it trades, its cap on open positions and the strategy's parameters. */
export function robotFormSchema(strategy: StrategyKey) {
  return z.object({
    asset_id: z.number({ error: 'Choose an instrument.' }).int().positive('Choose an instrument.'),
    max_positions: z.number({ error: 'Enter a number.' }).int().min(1).max(50),
    params: strategyParamsSchemas[strategy],
  });
}
export type RobotFormValues = z.output<ReturnType<typeof robotFormSchema>>;
export type RobotFormInput = z.input<ReturnType<typeof robotFormSchema>>;

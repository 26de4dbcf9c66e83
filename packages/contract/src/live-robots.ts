import { z } from 'zod';

/** SPEC §8 Expert Advisor messages, and the robot's own. */
export const robotMessages = {
  notFound: 'Expert Advisor not found',
  notInPlan: 'This Expert Advisor is not available for your plan',
  notActive: 'This Expert Advisor is not active.',
  notConfigured: 'Please activate the EA before starting automated trading.',
  badInstrument: 'Choose an instrument that is open for trading.',
  lostOwnership: 'is no longer available to you (subscription lapsed or not in your plan): it has been stopped.',
  badAccount: 'Choose one of your trading accounts.',
  halted: 'Automated trading is switched off on this account. Switch it back on to start an Expert Advisor.',
  killSwitch: 'Stopped: automated trading was switched off on the account.',
  dailyLoss: "Stopped: today's loss reached the daily loss limit.",
  stoppedOut: 'Stopped: the account was stopped out.',
  accountDisabled: 'Stopped: the account is disabled.',
} as const;

export const robotStatus = z.enum(['running', 'stopped']);

/** An Expert Advisor the customer runs on the server, with its live figures. */
export const robotSchema = z.object({
  id: z.number().int(),
  ea_id: z.number().int(),
  account_id: z.number().int(),
  asset_id: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  max_positions: z.number().int(),
  max_lots: z.number(),
  daily_loss_limit: z.number().nullable(),
  status: robotStatus,
  open_positions: z.number().int(),
  /** Realised P&L of the robot's trades closed today (UTC), in the account's currency. */
  today_pnl: z.number(),
  last_action: z.string().nullable(),
  last_action_at: z.string().nullable(),
});
export type Robot = z.infer<typeof robotSchema>;
/** The robots, and the caller's accounts whose kill switch is on. */
export const robotsResponse = z.object({ data: z.array(robotSchema), halted_account_ids: z.array(z.number().int()) });
export const robotResponse = z.object({ data: robotSchema });

/** PUT /robots/{ea_id}: the robot's settings; `params` is checked against the advisor's strategy. */
export const robotSettings = z.strictObject({
  /** The account it trades on; the customer's first account when left out. */
  account_id: z.number().int().positive().optional(),
  asset_id: z.number().int().positive(),
  /** Empty or partial: the rest runs as the advisor advertises it. */
  params: z.record(z.string(), z.unknown()),
  max_positions: z.number().int().min(1).max(50).default(3),
  /** An order asking for more lots is placed with this many. */
  max_lots: z.number().min(0.01).max(50).multipleOf(0.01).default(1),
  /** The robot stops once its trades closed today have lost this much; null for no limit. */
  daily_loss_limit: z.number().positive().max(1e9).nullable().default(null),
  status: robotStatus.default('stopped'),
});
export type RobotSettings = z.input<typeof robotSettings>;
/** POST /robots/kill_switch: switches automated trading off (stopping every robot on the account) or back on. */
export const killSwitchBody = z.strictObject({
  account_id: z.number().int().positive().optional(),
  halted: z.boolean(),
});
export const killSwitchResponse = z.object({ data: z.object({ account_id: z.number().int(), halted: z.boolean(), stopped: z.number().int() }) });

export const eaIdParam = z.object({ eaId: z.coerce.number().int().positive() });

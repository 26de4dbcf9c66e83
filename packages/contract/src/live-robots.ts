import { z } from 'zod';

/** SPEC §8 Expert Advisor messages, and the robot's own. */
export const robotMessages = {
  notFound: 'Expert Advisor not found',
  notInPlan: 'This Expert Advisor is not available for your plan',
  notActive: 'This Expert Advisor is not active.',
  notConfigured: 'Please activate the EA before starting automated trading.',
  badInstrument: 'Choose an instrument that is open for trading.',
  lostOwnership: 'is no longer available to you (subscription lapsed or not in your plan): it has been stopped.',
} as const;

export const robotStatus = z.enum(['running', 'stopped']);

/** An Expert Advisor the customer runs on the server, with its live figures. */
export const robotSchema = z.object({
  id: z.number().int(),
  ea_id: z.number().int(),
  asset_id: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  max_positions: z.number().int(),
  status: robotStatus,
  open_positions: z.number().int(),
  last_action: z.string().nullable(),
  last_action_at: z.string().nullable(),
});
export type Robot = z.infer<typeof robotSchema>;
export const robotsResponse = z.object({ data: z.array(robotSchema) });
export const robotResponse = z.object({ data: robotSchema });

/** PUT /robots/{ea_id}: the robot's settings; `params` is checked against the advisor's strategy. */
export const robotSettings = z.strictObject({
  asset_id: z.number().int().positive(),
  params: z.record(z.string(), z.unknown()),
  max_positions: z.number().int().min(1).max(50).default(3),
  status: robotStatus.default('stopped'),
});
export type RobotSettings = z.input<typeof robotSettings>;
export const eaIdParam = z.object({ eaId: z.coerce.number().int().positive() });

import { z } from 'zod';
import { formatPrice } from './prices.ts';

/** Most alerts one customer may have watching the market at once (paused ones do not count). */
export const ALERT_LIMIT = 200;

/** Windows a move alert measures over, with their length. */
export const alertWindows = ['5m', '15m', '1h', '4h', '24h'] as const;
export type AlertWindow = (typeof alertWindows)[number];
export const alertWindowMs: Record<AlertWindow, number> = { '5m': 300_000, '15m': 900_000, '1h': 3_600_000, '4h': 14_400_000, '24h': 86_400_000 };
export const alertWindowLabels: Record<AlertWindow, string> = { '5m': '5 minutes', '15m': '15 minutes', '1h': '1 hour', '4h': '4 hours', '24h': '24 hours' };

/** Pauses a repeating alert may take between two firings, in seconds. */
export const alertCooldowns = [60, 300, 900, 3600, 14_400, 86_400] as const;
export const alertCooldownLabels: Record<(typeof alertCooldowns)[number], string> = {
  60: '1 minute',
  300: '5 minutes',
  900: '15 minutes',
  3600: '1 hour',
  14400: '4 hours',
  86400: '24 hours',
};

export const alertStatuses = ['active', 'paused', 'triggered', 'cancelled'] as const;
export type AlertStatus = (typeof alertStatuses)[number];

export const alertMessages = {
  limit: `You can have at most ${ALERT_LIMIT} active alerts. Pause or delete one to add another.`,
  instrument: 'Alerts can only be set on instruments that are traded.',
  level: 'Enter a price above 0.',
  percent: 'Enter a move between 0.1% and 50%.',
  cooldown: 'Choose a cool-down from the list.',
  note: 'Keep the note under 140 characters.',
  cancelled: 'This alert was cancelled because its instrument is no longer traded.',
  delisted: 'The instrument is no longer traded.',
} as const;

const options = {
  /** Fire every time the condition is met again, at most once per cool-down; otherwise once. */
  repeat: z.boolean().default(false),
  cooldown_seconds: z
    .number()
    .int()
    .refine((s) => (alertCooldowns as readonly number[]).includes(s), alertMessages.cooldown)
    .default(3600),
  /** Also email the customer when they are not online when it fires. */
  email_offline: z.boolean().default(false),
  note: z.string().trim().max(140, alertMessages.note).nullish(),
};

const levelCondition = {
  kind: z.literal('level'),
  /** `above` fires when the price crosses up through `level`, `below` when it crosses down. */
  direction: z.enum(['above', 'below']),
  level: z.number(alertMessages.level).positive(alertMessages.level).max(1e12, alertMessages.level),
};

const moveCondition = {
  kind: z.literal('move'),
  /** Up from the window's low, down from its high, or either. */
  direction: z.enum(['up', 'down', 'either']),
  percent: z.number(alertMessages.percent).min(0.1, alertMessages.percent).max(50, alertMessages.percent),
  window: z.enum(alertWindows),
};

/** PUT /alerts/:id: a new condition and options for an alert (its instrument stays). */
export const alertSettings = z.discriminatedUnion('kind', [z.strictObject({ ...levelCondition, ...options }), z.strictObject({ ...moveCondition, ...options })]);
export type AlertSettings = z.input<typeof alertSettings>;

const assetId = z.number().int().positive();
/** POST /alerts: an alert on one instrument. */
export const alertInput = z.discriminatedUnion('kind', [
  z.strictObject({ asset_id: assetId, ...levelCondition, ...options }),
  z.strictObject({ asset_id: assetId, ...moveCondition, ...options }),
]);
export type AlertInput = z.input<typeof alertInput>;

export const alertSchema = z.object({
  id: z.number().int(),
  asset_id: z.number().int(),
  symbol: z.string(),
  digits: z.number().int(),
  kind: z.enum(['level', 'move']),
  direction: z.enum(['above', 'below', 'up', 'down', 'either']),
  level: z.number().nullable(),
  percent: z.number().nullable(),
  window: z.enum(alertWindows).nullable(),
  repeat: z.boolean(),
  cooldown_seconds: z.number().int(),
  email_offline: z.boolean(),
  note: z.string().nullable(),
  status: z.enum(alertStatuses),
  /** Why a cancelled alert was cancelled. */
  cancel_reason: z.string().nullable(),
  trigger_count: z.number().int(),
  last_triggered_at: z.string().nullable(),
  /** The price when it last fired. */
  last_price: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertResponse = z.object({ data: alertSchema });
/** GET /alerts: newest first; `meta.active` counts against `meta.limit`. */
export const alertsResponse = z.object({
  data: z.array(alertSchema),
  meta: z.object({ active: z.number().int(), limit: z.number().int() }),
});

type Condition = Pick<Alert, 'kind' | 'direction' | 'level' | 'percent' | 'window' | 'digits'>;

/** The condition in words: "Price above 1.10500", "Up 2% within 1 hour". */
export function describeAlert(a: Condition): string {
  if (a.kind === 'level') return `Price ${a.direction === 'below' ? 'below' : 'above'} ${formatPrice(a.level ?? 0, a.digits)}`;
  const within = `${a.percent}% within ${alertWindowLabels[a.window ?? '1h']}`;
  if (a.direction === 'either') return `Moves ${within} either way`;
  return `${a.direction === 'down' ? 'Down' : 'Up'} ${within}`;
}

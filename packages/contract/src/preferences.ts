import { z } from 'zod';
import { chartStyleSchema } from './chart-layouts.ts';
import { indicatorsByInstrument } from './indicators.ts';

/** What notifications are about; each can reach the customer in the app, by email, both or neither. */
export const notificationTopics = ['trading', 'money', 'account', 'alerts'] as const;
export type NotificationTopic = (typeof notificationTopics)[number];
export const notificationTopicLabels: Record<NotificationTopic, { title: string; text: string }> = {
  trading: { title: 'Trading', text: 'Stop-outs, Expert Advisors and the Auto Trader' },
  money: { title: 'Deposits and withdrawals', text: 'Every decision on your money' },
  account: { title: 'Account', text: 'Plans, verification and account status' },
  alerts: { title: 'Price alerts', text: 'The price levels and moves you set alerts on' },
};

/** The app's colour theme: a fixed one, or whatever the device prefers. */
export const themeChoices = ['dark', 'light', 'system'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

/** The languages the app speaks (ISO 639-1); English is the source of every message. */
export const languageCodes = ['en', 'es', 'fr', 'de', 'pt', 'ar'] as const;
export type LanguageCode = (typeof languageCodes)[number];

const channel = (email: boolean) => z.object({ in_app: z.boolean().default(true), email: z.boolean().default(email) });

// Zones found valid once: building a formatter to check one was most of the cost of reading a
// customer's preferences, which are checked on every read and every answer (bench/request-path).
// Only valid names are kept, so the set is bounded by the time zone database.
const validZones = new Set<string>();

function isTimeZone(zone: string): boolean {
  if (validZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    validZones.add(zone);
    return true;
  } catch {
    return false;
  }
}

export const preferencesSchema = z.object({
  display_currency: z.string().regex(/^[A-Z]{3}$/).default('USD'),
  sound: z.boolean().default(true),
  time_zone: z.string().max(64).refine(isTimeZone, 'Choose a time zone from the list.').default('UTC'),
  /** Absent until the customer picks one: the device's own choice (or its system setting) stands. */
  theme: z.enum(themeChoices).optional(),
  /** Absent until the customer picks one: the browser's preferred language stands. */
  language: z.enum(languageCodes).optional(),
  /** Whether the customer finished or skipped the trading room's first-visit tour. */
  tour_done: z.boolean().default(false),
  notifications: z
    .object({ trading: channel(false).prefault({}), money: channel(true).prefault({}), account: channel(true).prefault({}), alerts: channel(false).prefault({}) })
    .prefault({}),
  /**
   * The trading room chart's indicators by instrument symbol; absent until the customer adds one.
   * Kept ones a later version no longer accepts are dropped, not the other settings with them.
   */
  indicators: indicatorsByInstrument.optional().catch(undefined),
  /** How the trading room's charts draw prices; absent until the customer picks: candles on a linear scale. */
  chart_style: chartStyleSchema.optional().catch(undefined),
});
export type Preferences = z.output<typeof preferencesSchema>;
export const preferencesResponse = z.object({ data: preferencesSchema });
/** PUT /user/preferences: any of the settings; notification topics are replaced whole. */
export const preferencesUpdate = z.strictObject({
  display_currency: z.string().regex(/^[A-Z]{3}$/).optional(),
  sound: z.boolean().optional(),
  time_zone: z.string().max(64).refine(isTimeZone, 'Choose a time zone from the list.').optional(),
  theme: z.enum(themeChoices).optional(),
  language: z.enum(languageCodes).optional(),
  tour_done: z.boolean().optional(),
  notifications: z
    .strictObject({
      trading: z.strictObject({ in_app: z.boolean(), email: z.boolean() }).optional(),
      money: z.strictObject({ in_app: z.boolean(), email: z.boolean() }).optional(),
      account: z.strictObject({ in_app: z.boolean(), email: z.boolean() }).optional(),
      alerts: z.strictObject({ in_app: z.boolean(), email: z.boolean() }).optional(),
    })
    .optional(),
  /** The instruments named take these indicators (an empty list removes them); the others keep theirs. */
  indicators: indicatorsByInstrument.optional(),
  chart_style: chartStyleSchema.optional(),
});
export type PreferencesUpdate = z.infer<typeof preferencesUpdate>;

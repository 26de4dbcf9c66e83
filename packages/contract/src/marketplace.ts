import { z } from 'zod';
import { languageCodes } from './preferences.ts';
import { money } from './user.ts';

export const marketplaceItemTypes = ['expert_advisor', 'other'] as const;
export const billingKinds = ['one_time', 'monthly'] as const;

/** A marketplace item as GET /expert_advisors lists it (SPEC §3 Expert Advisor plus what a card shows). */
export const expertAdvisorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  image: z.string(),
  type: z.enum(marketplaceItemTypes),
  strategy: z.string().nullable(),
  default_params: z.record(z.string(), z.unknown()),
  features: z.array(z.string()),
  amount_val: z.number(),
  amount: money,
  billing: z.enum(billingKinds),
  rating: z.number(),
  downloads: z.number().int(),
  status: z.enum(['available', 'purchased']),
  /** The plans whose customers may buy and run it, in the plans' order; empty: every plan. */
  plans: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type ExpertAdvisor = z.infer<typeof expertAdvisorSchema>;
export const expertAdvisorsResponse = z.object({ data: z.array(expertAdvisorSchema) });

/**
 * POST /purchase/ea: `account_id` picks the account debited. A paid item is paid from a live
 * account only (default: the user's first live account); a free one may be taken on any (default:
 * the user's first account).
 */
export const purchaseEaRequest = z.strictObject({
  expert_advisor_id: z.number().int().positive(),
  account_id: z.number().int().positive().optional(),
});
export const purchaseEaResponse = z.object({ status: z.literal('success'), message: z.string() });

/** Server wording of the marketplace (SPEC §8 where it has one). */
export const marketplaceMessages = {
  purchased: 'Expert Advisor purchased successfully',
  notFound: 'Expert Advisor not found',
  owned: 'You already own this item.',
  insufficientFunds: 'Your free margin does not cover this purchase.',
  liveOnly: 'Paid items are paid from a live account. Choose a funded live account, or open one and fund it.',
  notInPlan: 'This Expert Advisor is not available for your plan. Please upgrade to access it.',
} as const;

/** Languages a catalogue item's texts are translated into; English is the item's own name and description. */
export const translatedLanguages = languageCodes.filter((code) => code !== 'en');
/** An item's name and description in one language; an empty field reads in English. */
export const itemTranslation = z.strictObject({ name: z.string().trim().max(120), description: z.string().trim().max(4000) });
export type ItemTranslation = z.infer<typeof itemTranslation>;
type TranslatedLanguage = Exclude<(typeof languageCodes)[number], 'en'>;
/** An item's texts by language code; a language left out reads in English. */
export const itemTranslations = z.partialRecord(z.enum(translatedLanguages as [TranslatedLanguage, ...TranslatedLanguage[]]), itemTranslation);
/** GET /expert_advisors: `lang` picks the language of names and descriptions (English when untranslated). */
export const marketplaceQuery = z.object({ lang: z.enum(languageCodes).optional() });

/** Back office: a catalogue item as created or edited (`plan_ids` empty = open to every plan). */
export const adminEaInput = z.strictObject({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(4000),
  author: z.string().trim().min(1).max(120),
  image: z.string().regex(/^\/[\w./-]+$/, 'Image must be a path on this site'),
  type: z.enum(marketplaceItemTypes),
  strategy: z.enum(['ma_crossover', 'rsi_reversion', 'donchian_breakout', 'grid']).nullable(),
  default_params: z.record(z.string(), z.unknown()),
  features: z.array(z.string().trim().min(1).max(200)).max(20),
  amount: z.string().regex(/^\d{1,16}(\.\d{1,2})?$/, 'Price must be an amount like 49.00'),
  billing: z.enum(billingKinds),
  published: z.boolean(),
  plan_ids: z.array(z.number().int().positive()),
  translations: itemTranslations.default({}),
});
export type AdminEaInput = z.infer<typeof adminEaInput>;

/** Back office view of a catalogue item, published or not. */
export const adminEaSchema = adminEaInput.extend({ id: z.number().int(), rating: z.number(), downloads: z.number().int() });
export const adminEaResponse = z.object({ data: adminEaSchema });
export const adminEasResponse = z.object({ data: z.array(adminEaSchema) });

/** Back office sales list: who bought what, when, for how much, from which account. */
export const adminEaSaleSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  account_id: z.number().int(),
  ea_id: z.number().int(),
  ea_name: z.string(),
  amount: money,
  status: z.enum(['active', 'lapsed']),
  created_at: z.string(),
});
export const adminEaSalesResponse = z.object({
  data: z.array(adminEaSaleSchema),
  totals: z.object({ count: z.number().int(), amount: money, active: z.number().int() }),
});

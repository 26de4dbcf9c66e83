import { z } from 'zod';
import { appropriatenessModes } from './appropriateness.ts';
import { assetCategories } from './asset-categories.ts';
import { leveragePresets } from '@bourse/domain/regulatory-leverage';

/** Values of `r_page` choosing the registration variant (SPEC §2). Unknown values show the full form. */
export const registrationPages = ['basic', 'ic', 'td'] as const;

// http(s) only: these end up in href and src attributes.
const optionalUrl = z.union([z.url({ protocol: /^https?$/, error: 'Enter an http(s) URL' }).max(500), z.literal('')]).nullable();
const optionalText = z.string().max(2000).nullable();

/** Site settings (SPEC §3), public through GET /settings and edited by admins. */
export const siteSettingsSchema = z.object({
  status: z.enum(['enabled', 'disabled']),
  name: z.string().min(1).max(80),
  maintenanceMessage: optionalText,
  contactEmail: z.union([z.email().max(254), z.literal('')]).nullable(),
  must_verify_account: z.boolean(),
  favicon: optionalUrl,
  logo: optionalUrl,
  logo_sm: optionalUrl,
  /** The operator's colour: the header and buttons of the mails the site sends. */
  brand_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #RRGGBB'),
  website_url: optionalUrl,
  r_page: z.string().max(20),
  register_page_header: optionalText,
  register_page_footer: optionalText,
  terms_url: optionalUrl,
  privacy_url: optionalUrl,
  risk_url: optionalUrl,
  help_url: optionalUrl,
  /** Annual interest paid on savings, in percent, accrued daily. */
  savings_rate_pct: z.number().min(0).max(50),
  /** Administrators must sign in with two-factor before using the back office. */
  require_admin_2fa: z.boolean(),
  /** A newly opened live account waits for an admin's approval before it takes money or orders. */
  approve_live_accounts: z.boolean(),
  /** Orders on a live account and withdrawals need all four identity documents approved (regulated brokers must). */
  require_verification: z.boolean(),
  /** Leverage ceilings per asset class for retail clients: ESMA, FCA (COBS 22.5), ASIC, or none. */
  leverage_preset: z.enum(leveragePresets, { error: 'Choose ESMA, FCA, ASIC or none.' }),
  /** The appropriateness test before a live account: off, warn (the customer confirms the warning to go on) or refuse, below its pass score. */
  appropriateness_test: z.enum(appropriatenessModes),
  /** Days after a questionnaire below the pass score before the customer may answer again. */
  appropriateness_retake_days: z.number().int().min(0).max(365),
  /** The operator's percentage of retail accounts losing money, shown until the quarterly computation finds accounts to count. */
  risk_warning_percent: z.number().int().min(0).max(100).nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
/** An admin's change to the site settings: known fields only, at least one. */
export const siteSettingsUpdate = siteSettingsSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update.' });
export const settingsResponse = z.object({ data: siteSettingsSchema });

export const assetCategory = z.enum(assetCategories);
export type AssetCategory = z.infer<typeof assetCategory>;

export const leverageMap = z.object(
  Object.fromEntries(assetCategories.map((c) => [c, z.number().int().min(1).max(1000)])) as Record<
    AssetCategory,
    z.ZodNumber
  >,
);
export type LeverageMap = z.infer<typeof leverageMap>;

/** Site data (SPEC §3), GET /data. */
export const siteDataSchema = z.object({
  leverage: leverageMap,
  currencies: z.array(z.object({ code: z.string(), symbol: z.string(), rate: z.number() })),
  plans: z.array(
    z.object({ id: z.number().int(), title: z.string(), color: z.string(), icon: z.string().nullable(), features: z.array(z.string()) }),
  ),
  plan_features: z.array(z.string()),
});
export type SiteData = z.infer<typeof siteDataSchema>;

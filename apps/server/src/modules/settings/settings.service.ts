import {
  assetCategories,
  siteSettingsSchema,
  type LeverageMap,
  type SiteData,
  type SiteSettings,
} from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { allPlans, featureNames } from '../plans/plans.repository.ts';
import { readSetting, writeSetting } from './settings.repository.ts';

export const defaultSiteSettings: SiteSettings = {
  status: 'enabled',
  name: 'Bourse',
  maintenanceMessage: null,
  contactEmail: null,
  must_verify_account: false,
  favicon: null,
  logo: null,
  logo_sm: null,
  brand_color: '#0369a1',
  website_url: null,
  r_page: 'basic',
  register_page_header: null,
  register_page_footer: null,
  terms_url: null,
  privacy_url: null,
  risk_url: null,
  help_url: null,
  savings_rate_pct: 3.5,
  require_admin_2fa: false,
  // Off: a customer's identity is already checked when they sign up (must_verify_account) and
  // before a withdrawal, so holding every extra live account for review is the operator's choice.
  approve_live_accounts: false,
  // On: a regulated broker knows its customer before real money is traded or paid out; an
  // operator whose licence allows less relaxes it in Site settings.
  require_verification: true,
  // None: SPEC §9's leverage (100 per category, the instrument's and the plan's) is what a new site
  // trades at. A regulated operator picks ESMA, FCA or ASIC in Site settings, which caps every
  // retail client from their next order.
  leverage_preset: 'none',
  // Warn: a customer below the pass score confirms the warning and goes on; refusing them is the
  // stricter choice an operator makes in Site settings.
  appropriateness_test: 'warn',
  appropriateness_retake_days: 30,
  risk_warning_percent: null,
};

/** SPEC §9: 100 per category when the operator set nothing. */
export const DEFAULT_LEVERAGE = 100;

export async function getSiteSettings(db: DbOrTx): Promise<SiteSettings> {
  const stored = await readSetting<Partial<SiteSettings>>(db, 'site');
  return siteSettingsSchema.parse({ ...defaultSiteSettings, ...stored });
}

/** Whether the operator asks administrators to use two-factor sign-in. */
export async function adminsNeedTwoFactor(db: DbOrTx): Promise<boolean> {
  return (await getSiteSettings(db)).require_admin_2fa;
}

export async function updateSiteSettings(db: DbOrTx, patch: Partial<SiteSettings>): Promise<SiteSettings> {
  const next = siteSettingsSchema.parse({ ...(await getSiteSettings(db)), ...patch });
  await writeSetting(db, 'site', next);
  return next;
}

export async function getLeverageMap(db: DbOrTx): Promise<LeverageMap> {
  const stored = (await readSetting<Partial<LeverageMap>>(db, 'leverage')) ?? {};
  return Object.fromEntries(assetCategories.map((c) => [c, stored[c] ?? DEFAULT_LEVERAGE])) as LeverageMap;
}

export async function updateLeverageMap(db: DbOrTx, patch: Partial<LeverageMap>): Promise<LeverageMap> {
  const next = { ...(await getLeverageMap(db)), ...patch };
  await writeSetting(db, 'leverage', next);
  return next;
}

export async function getSiteData(db: DbOrTx): Promise<SiteData> {
  const [plans, planFeatures] = await Promise.all([allPlans(db), featureNames(db)]);
  return {
    leverage: await getLeverageMap(db),
    currencies: [
      { code: 'USD', symbol: '$', rate: 1 },
      { code: 'EUR', symbol: '€', rate: 0.92 },
      { code: 'GBP', symbol: '£', rate: 0.79 },
    ],
    plans: plans.map((p) => ({ id: p.id, title: p.title, color: p.color, icon: p.icon, features: p.features })),
    plan_features: planFeatures,
  };
}

/** A group of settings kept under its own key, apart from the site's (the AML rules). */
export async function readSettingsGroup<T>(db: DbOrTx, key: string): Promise<T | null> {
  return readSetting<T>(db, key);
}

export async function writeSettingsGroup(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await writeSetting(db, key, value);
}

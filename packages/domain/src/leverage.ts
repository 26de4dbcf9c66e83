/** SPEC §9: leverage used for trading when no source names one. */
export const DEFAULT_TRADING_LEVERAGE = 20;

/**
 * Where a trade's leverage comes from. Sources are tried in SPEC §9 order (per-category setting,
 * then the asset's leverage, then the plan's); caps always apply, whichever source won.
 */
export type LeverageSources = {
  /** The operator's per-category leverage setting (site data `leverage` map). */
  category?: number | null;
  /** The instrument's own leverage. */
  asset?: number | null;
  /** The user's account type (plan) leverage. */
  plan?: number | null;
  /** Most leverage the instrument allows (the catalogue's leverage column on the server). */
  instrumentMax?: number | null;
  /** Most leverage the plan allows (the account type's leverage on the server). */
  planMax?: number | null;
  /** Most leverage the regulator allows this client on the instrument (the site's preset, for retail clients). */
  regulatoryMax?: number | null;
  /** Leverage the client asked for: it may lower the result, never raise it. */
  requested?: number | null;
};

const usable = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 1;

/**
 * Effective leverage: the first usable of category, asset, plan (else 20), then capped by the
 * instrument maximum, the plan maximum, the regulatory maximum and the client's request; a whole
 * number, at least 1.
 */
export function resolveLeverage(sources: LeverageSources): number {
  const base = [sources.category, sources.asset, sources.plan].find(usable) ?? DEFAULT_TRADING_LEVERAGE;
  const caps = [sources.instrumentMax, sources.planMax, sources.regulatoryMax, sources.requested].filter(usable);
  return Math.max(1, Math.floor(Math.min(base, ...caps)));
}

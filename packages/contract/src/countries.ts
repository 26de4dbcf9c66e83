/** Country options of the registration country step (SPEC §3: 45 options, lower-case slugs). */
const names: Record<string, string> = {
  AF: 'Afghanistan', AL: 'Albania', DZ: 'Algeria', AR: 'Argentina', AU: 'Australia', AT: 'Austria',
  BD: 'Bangladesh', BE: 'Belgium', BR: 'Brazil', CA: 'Canada', CN: 'China', DK: 'Denmark', EG: 'Egypt',
  FI: 'Finland', FR: 'France', DE: 'Germany', GH: 'Ghana', IN: 'India', ID: 'Indonesia', IE: 'Ireland',
  IT: 'Italy', JP: 'Japan', KE: 'Kenya', MY: 'Malaysia', MX: 'Mexico', NL: 'Netherlands', NZ: 'New Zealand',
  NG: 'Nigeria', NO: 'Norway', PK: 'Pakistan', PH: 'Philippines', PL: 'Poland', PT: 'Portugal', RU: 'Russia',
  SA: 'Saudi Arabia', SG: 'Singapore', ZA: 'South Africa', ES: 'Spain', SE: 'Sweden', CH: 'Switzerland',
  TH: 'Thailand', TR: 'Turkey', AE: 'United Arab Emirates', GB: 'United Kingdom', US: 'United States',
};

const slugOf = (label: string) => label.toLowerCase().replace(/\s+/g, '-');
/** Regional-indicator emoji for a two-letter code. */
const flagOf = (code: string) => String.fromCodePoint(...[...code].map((c) => 0x1f1a5 + c.charCodeAt(0)));

export type CountryOption = { value: string; label: string; flag: string; code: string };

export const countryOptions: CountryOption[] = Object.entries(names).map(([code, label]) => ({
  value: slugOf(label),
  label,
  flag: flagOf(code),
  code,
}));

/** Two-letter code to slug, as check-email's `data.country` is mapped (SPEC §3; VN is mapped though not offered). */
export const countryCodeToSlug: Record<string, string> = {
  ...Object.fromEntries(countryOptions.map((o) => [o.code, o.value])),
  VN: 'vietnam',
};

export const defaultCountry = 'united-states';

/**
 * Accepts either slug spelling (`united-states` or `united_states`, SPEC §3) and returns the
 * hyphenated option value, or the default when the country is not offered.
 */
export function normaliseCountry(value: string | null | undefined): string {
  const slug = (value ?? '').trim().toLowerCase().replace(/[_\s]+/g, '-');
  return countryOptions.some((o) => o.value === slug) ? slug : defaultCountry;
}

/** Maps an upper-case code from check-email to a slug, falling back to US (SPEC §7). */
export function countryFromCode(code: string | null | undefined): string {
  return normaliseCountry(countryCodeToSlug[(code ?? 'US').toUpperCase()] ?? defaultCountry);
}

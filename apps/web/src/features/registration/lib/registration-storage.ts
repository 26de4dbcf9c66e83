import { normaliseCountry, type CountryStep } from '@bourse/contract';
import { STORAGE } from '@/config/constants';

/** SPEC §3 `registration_data`: step one's answers, plus step two's once the country step is done. */
export type RegistrationData = {
  email: string;
  password: string;
  country: string;
  timestamp: string;
  /** The proof, from the code mailed at step one, that the email is the customer's. */
  email_token?: string;
  countryOfResidence?: string;
  nationality?: string;
  agreePrivacy?: boolean;
};

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Saved answers older than this are ignored: they hold a password, so an abandoned sign-up should
 * not be resumed by whoever uses the browser next.
 */
export const REGISTRATION_MAX_AGE_MS = 60 * 60 * 1000;

/** Session storage keeps the password to this tab and drops it when the tab closes. */
function browserStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const isString = (v: unknown): v is string => typeof v === 'string';

function parse(raw: string | null): RegistrationData | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (!isString(v.email) || !isString(v.password) || !isString(v.timestamp)) return null;
  return {
    email: v.email,
    password: v.password,
    country: normaliseCountry(isString(v.country) ? v.country : null),
    timestamp: v.timestamp,
    ...(isString(v.email_token) ? { email_token: v.email_token } : {}),
    ...(isString(v.countryOfResidence) ? { countryOfResidence: normaliseCountry(v.countryOfResidence) } : {}),
    ...(isString(v.nationality) ? { nationality: normaliseCountry(v.nationality) } : {}),
    ...(typeof v.agreePrivacy === 'boolean' ? { agreePrivacy: v.agreePrivacy } : {}),
  };
}

/** The saved answers, or null when there are none, they are malformed, or they have expired. */
export function readRegistrationData(store = browserStore(), now = Date.now()): RegistrationData | null {
  const data = parse(store?.getItem(STORAGE.registration) ?? null);
  if (!data) return null;
  const age = now - Date.parse(data.timestamp);
  if (!Number.isFinite(age) || age > REGISTRATION_MAX_AGE_MS) return null;
  return data;
}

/** Step one: starts a fresh record (any earlier answers are replaced). */
export function saveEmailStep(
  values: { email: string; password: string; country: string; email_token?: string },
  store = browserStore(),
  now = Date.now(),
): RegistrationData {
  const data: RegistrationData = { ...values, country: normaliseCountry(values.country), timestamp: new Date(now).toISOString() };
  store?.setItem(STORAGE.registration, JSON.stringify(data));
  return data;
}

/** Step two: adds residence, nationality and the privacy agreement; null when step one is missing. */
export function saveCountryStep(step: CountryStep, store = browserStore(), now = Date.now()): RegistrationData | null {
  const current = readRegistrationData(store, now);
  if (!current) return null;
  const data: RegistrationData = {
    ...current,
    countryOfResidence: normaliseCountry(step.countryOfResidence),
    nationality: normaliseCountry(step.nationality),
    agreePrivacy: step.agreePrivacy,
  };
  store?.setItem(STORAGE.registration, JSON.stringify(data));
  return data;
}

export function clearRegistrationData(store = browserStore()): void {
  store?.removeItem(STORAGE.registration);
}

export function isCountryStepDone(data: RegistrationData | null): boolean {
  return Boolean(data?.agreePrivacy && data.countryOfResidence && data.nationality);
}

/** Both country selects default to the saved choice, else step one's country (SPEC §2). */
export function countryDefaults(data: RegistrationData | null): { countryOfResidence: string; nationality: string } {
  const fallback = normaliseCountry(data?.country);
  return {
    countryOfResidence: data?.countryOfResidence ?? fallback,
    nationality: data?.nationality ?? fallback,
  };
}

import { countryOptions } from '@bourse/contract';

/** The country's name for a stored slug (the slug itself when unknown). */
export const countryName = (slug: string) => countryOptions.find((c) => c.value === slug)?.label ?? slug;

/** The phone number with its dialling code, which some numbers already carry. */
export const phoneText = (countryCode: string, phone: string) => (phone.startsWith('+') ? phone : `${countryCode} ${phone}`.trim());

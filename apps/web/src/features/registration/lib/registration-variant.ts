import type { RegisterForm } from '@bourse/contract';
import { isCountryStepDone, type RegistrationData } from './registration-storage';

/** What /register shows: the full form, step one (email and password), or the one-page form. */
export type RegisterVariant = 'full' | 'email-step' | 'compact';

/**
 * SPEC §2: `r_page` "basic" or any unknown value shows the full form; "ic" starts with step one
 * until the country step is done; "td" is the single-page form.
 */
export function registerVariant(rPage: string | null | undefined, data: RegistrationData | null): RegisterVariant {
  if (rPage === 'td') return 'compact';
  if (rPage === 'ic') return isCountryStepDone(data) ? 'full' : 'email-step';
  return 'full';
}

/** Fields of the full form that earlier steps answered; the form hides these and sends the saved values. */
export type CarriedField = 'email' | 'password' | 'confirm_password' | 'country' | 'nationality';

export function carriedValues(data: RegistrationData | null): Partial<Pick<RegisterForm, CarriedField>> {
  if (!data) return {};
  return {
    email: data.email,
    password: data.password,
    confirm_password: data.password,
    ...(data.countryOfResidence ? { country: data.countryOfResidence } : {}),
    ...(data.nationality ? { nationality: data.nationality } : {}),
  };
}

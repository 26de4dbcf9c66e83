import { z } from 'zod';
import { messages } from './messages.ts';

/** Texts of the Personal Details screen and account security, shared by server and client. */
export const personalMessages = {
  adult: 'You must be at least 18 years old',
  dateOfBirth: 'Enter a valid date of birth',
  countryCode: 'Choose a country code',
  country: 'Choose a country',
  currentPasswordWrong: 'The current password is incorrect.',
  samePassword: 'The new password must be different from the current one.',
  codeInvalid: 'The code is invalid or has already been used.',
  codeFormat: 'Enter the 6-digit code from your authenticator app or a recovery code',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorOff: 'Two-factor sign-in is not on.',
  twoFactorNotStarted: 'Start the set-up again: no authenticator secret is waiting for confirmation.',
  twoFactorRequired: 'Two-factor sign-in is required for administrators. Turn it on in Personal Details first.',
  challengeExpired: 'This sign-in has expired. Please log in again.',
  emailSame: 'This is already your email address.',
  avatarType: 'Choose a JPEG, PNG or WebP image.',
  avatarTooLarge: 'The image must be 5 MB or smaller.',
  avatarRequired: 'Choose an image to upload.',
  avatarLinkExpired: 'This image link is invalid or has expired.',
  sessionNotFound: 'That session is not yours or has already ended.',
  currentSession: 'Use Logout to end the session you are using.',
} as const;

/** Largest avatar upload accepted, before it is resized to `AVATAR_SIZE`. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Avatars are stored as squares of this many pixels. */
export const AVATAR_SIZE = 256;
export const RECOVERY_CODE_COUNT = 10;

/** International dialling codes of the countries offered at registration, by two-letter code. */
export const dialCodes: Record<string, string> = {
  AF: '+93', AL: '+355', DZ: '+213', AR: '+54', AU: '+61', AT: '+43', BD: '+880', BE: '+32', BR: '+55', CA: '+1',
  CN: '+86', DK: '+45', EG: '+20', FI: '+358', FR: '+33', DE: '+49', GH: '+233', IN: '+91', ID: '+62', IE: '+353',
  IT: '+39', JP: '+81', KE: '+254', MY: '+60', MX: '+52', NL: '+31', NZ: '+64', NG: '+234', NO: '+47', PK: '+92',
  PH: '+63', PL: '+48', PT: '+351', RU: '+7', SA: '+966', SG: '+65', ZA: '+27', ES: '+34', SE: '+46', CH: '+41',
  TH: '+66', TR: '+90', AE: '+971', GB: '+44', US: '+1',
};

const ADULT_YEARS = 18;

/** Whether someone born on `iso` (YYYY-MM-DD) is at least 18 on `today`. */
export function isAdult(iso: string, today = new Date()): boolean {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const eighteenth = Date.UTC(y + ADULT_YEARS, m - 1, d);
  return eighteenth <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

function isRealDate(iso: string): boolean {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) && date.getUTCFullYear() >= 1900;
}

const dateOfBirth = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, personalMessages.dateOfBirth)
  .refine(isRealDate, personalMessages.dateOfBirth)
  .refine((v) => isAdult(v), personalMessages.adult);

const optionalLine = z.string().trim().max(120);

/** PATCH /user/profile: the customer's own details (SPEC §5 minimums for names and phone). */
export const profileUpdate = z.object({
  first_name: z.string().trim().min(2, messages.firstNameMin).max(80),
  last_name: z.string().trim().min(2, messages.lastNameMin).max(80),
  country_code: z.string().regex(/^\+\d{1,4}$/, personalMessages.countryCode),
  phone: z.string().trim().min(6, messages.phone).max(32).regex(/^[\d\s().-]+$/, messages.phone),
  address_line1: optionalLine,
  address_line2: optionalLine,
  city: z.string().trim().max(80),
  postal_code: z.string().trim().max(20),
  country: z.string().min(1, personalMessages.country).max(64),
  date_of_birth: z.union([dateOfBirth, z.literal('')]).nullable(),
});
export type ProfileUpdate = z.infer<typeof profileUpdate>;

/** GET /user/profile: the editable details plus the state of the account's security. */
export const profileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  country_code: z.string(),
  phone: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
  date_of_birth: z.string().nullable(),
  avatar: z.string().nullable(),
  two_factor_enabled: z.boolean(),
  /** An email change waiting for its link, if any. */
  pending_email: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponse = z.object({ data: profileSchema, message: z.string().optional() });

const password = z.string().min(8, messages.passwordMin).max(128);

export const passwordChange = z
  .object({ current_password: z.string().min(1, 'Enter your current password').max(128), password, confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password, { message: messages.passwordsMismatch, path: ['confirm_password'] });
export type PasswordChange = z.infer<typeof passwordChange>;

export const sessionSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionsResponse = z.object({ data: z.array(sessionSchema) });

/** A 6-digit TOTP or a recovery code (`xxxxx-xxxxx`, dash optional). */
export const secondFactorCode = z
  .string({ error: personalMessages.codeFormat })
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i, personalMessages.codeFormat);
export const totpCode = z.string({ error: 'Enter the 6-digit code from your authenticator app' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

export const passwordConfirm = z.object({ password: z.string().min(1, 'Enter your password').max(128) });
export const twoFactorSetupResponse = z.object({ data: z.object({ secret: z.string(), otpauth_url: z.string() }) });
export const twoFactorEnable = z.object({ code: totpCode });
export const twoFactorEnableResponse = z.object({ data: z.object({ recovery_codes: z.array(z.string()) }), message: z.string() });
export const twoFactorDisable = z.object({ password: z.string().min(1, 'Enter your password').max(128), code: secondFactorCode });

export const emailChange = z.object({
  email: z.string().trim().toLowerCase().email(messages.email).max(254, messages.email),
  password: z.string().min(1, 'Enter your password').max(128),
});
export const tokenBody = z.object({ token: z.string({ error: 'This link is invalid or has expired.' }).min(16, 'This link is invalid or has expired.').max(200, 'This link is invalid or has expired.') });

/** Second step of signing in with two-factor on: the challenge from the first answer and a code. */
// A challenge that is missing or malformed is an expired sign-in to the customer: the client asks for the password again.
const loginChallenge = z.string({ error: personalMessages.challengeExpired }).min(16, personalMessages.challengeExpired).max(200, personalMessages.challengeExpired);
export const twoFactorLogin = z.object({ challenge: loginChallenge, code: secondFactorCode });
export type TwoFactorLogin = z.infer<typeof twoFactorLogin>;
/** What POST /auth/login answers, instead of a session, when the account has two-factor sign-in on. */
export const loginChallengeResponse = z.object({
  data: z.object({ two_factor_required: z.literal(true), challenge: z.string(), message: z.string() }),
});
export type LoginChallenge = z.infer<typeof loginChallengeResponse>['data'];

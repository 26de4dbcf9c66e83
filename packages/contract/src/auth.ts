import { z } from 'zod';
import { messages } from './messages.ts';
import { languageCodes } from './preferences.ts';
import { userSchema } from './user.ts';

const email = z.string().trim().toLowerCase().email(messages.email).max(254, messages.email);
const password = z.string().min(8, messages.passwordMin).max(128);

/** Registration step one: email and password (SPEC §5 "Email step"). */
export const emailStepSchema = z.object({ email, password });
export type EmailStep = z.infer<typeof emailStepSchema>;

export const checkEmailRequest = z.object({ email });
export const checkEmailResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ available: z.boolean(), country: z.string() }),
});
export type CheckEmailResponse = z.infer<typeof checkEmailResponse>;

/** Asks for a 6-digit code mailed to the address; `language` is the one the sign-up is shown in. */
export const emailCodeRequest = z.object({ email, language: z.enum(languageCodes).optional() });
export const emailCodeResponse = z.object({ message: z.string(), data: z.object({ expires_at: z.string() }) });
/** The code from the mail, exchanged for the proof that registration brings. */
export const verifyEmailRequest = z.object({ email, code: z.string().trim().regex(/^\d{6}$/, messages.emailCodeFormat) });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;
export const verifyEmailResponse = z.object({ message: z.string(), data: z.object({ email_token: z.string() }) });

/** Country step (SPEC §2 "Country step", §5). */
export const countryStepSchema = z.object({
  countryOfResidence: z.string().min(1),
  nationality: z.string().min(1),
  agreePrivacy: z.literal(true, { error: messages.privacy }),
});
export type CountryStep = z.infer<typeof countryStepSchema>;

const registerFields = {
  first_name: z.string().trim().min(2, messages.firstNameMin).max(80),
  last_name: z.string().trim().min(2, messages.lastNameMin).max(80),
  username: z.string().trim().min(3, messages.usernameMin).max(40),
  email,
  phone: z.string().trim().min(6, messages.phone).max(32),
  country_code: z.string().min(1).max(8),
  country: z.string().min(1).max(64),
  nationality: z.string().min(1).max(64),
  password,
  confirm_password: z.string(),
};

/** Full registration form (SPEC §5 "Full form"). */
export const registerSchema = z
  .object(registerFields)
  .refine((v) => v.password === v.confirm_password, { message: messages.passwordsMismatch, path: ['confirm_password'] });
export type RegisterForm = z.infer<typeof registerSchema>;
/** What POST /auth/register takes: the form, the proof that the email was verified, the language in use. */
export const registerRequest = z
  .object({ ...registerFields, email_token: z.string().min(16, messages.emailNotVerified).max(200), language: z.enum(languageCodes).optional() })
  .refine((v) => v.password === v.confirm_password, { message: messages.passwordsMismatch, path: ['confirm_password'] });
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({ email, password: z.string().min(1).max(128) });
export type LoginRequest = z.infer<typeof loginRequest>;
export const loginResponse = z.object({ data: z.object({ user: userSchema, token: z.string() }) });

export const forgotPasswordRequest = z.object({ email });
export const resetPasswordRequest = z
  .object({ token: z.string().min(16).max(200), password, confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password, { message: messages.passwordsMismatch, path: ['confirm_password'] });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
export const autoLoginRequest = z.object({ token: z.string().min(16).max(200) });

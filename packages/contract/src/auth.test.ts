import { describe, expect, it } from 'vitest';
import { countryStepSchema, emailStepSchema, registerSchema } from './auth.ts';
import { countryFromCode, countryOptions, normaliseCountry } from './countries.ts';
import { messages } from './messages.ts';
import { siteSettingsUpdate } from './settings.ts';

const valid = {
  first_name: 'Ada', last_name: 'Lovelace', username: 'ada', email: 'ada@example.com', phone: '+4412345',
  country_code: '+1', country: 'united-kingdom', nationality: 'united-kingdom', password: 'difference-engine', confirm_password: 'difference-engine',
};

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('email step (SPEC §5)', () => {
  it('accepts a valid email and an 8-character password', () => {
    expect(emailStepSchema.safeParse({ email: 'a@b.co', password: '12345678' }).success).toBe(true);
  });
  it('gives the SPEC messages', () => {
    expect(messagesOf(emailStepSchema.safeParse({ email: 'nope', password: '1234567' }))).toEqual({
      email: messages.email,
      password: messages.passwordMin,
    });
    expect(messages.email).toBe('Please enter a valid email address');
    expect(messages.passwordMin).toBe('Password must be at least 8 characters');
  });
});

describe('full registration form (SPEC §5)', () => {
  it('accepts a complete form', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });
  it('gives every SPEC message', () => {
    const result = registerSchema.safeParse({ ...valid, first_name: 'A', last_name: 'B', username: 'ab', email: 'x', phone: '12345', password: 'short', confirm_password: 'short' });
    expect(messagesOf(result)).toEqual({
      first_name: 'First name must be at least 2 characters',
      last_name: 'Last name must be at least 2 characters',
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      password: 'Password must be at least 8 characters',
    });
  });
  it('says "Passwords do not match" on confirm_password', () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, confirm_password: 'something-else' }))).toEqual({ confirm_password: 'Passwords do not match' });
  });
  it('trims names and lower-cases the email', () => {
    const parsed = registerSchema.parse({ ...valid, first_name: '  Ada ', email: 'ADA@Example.COM' });
    expect(parsed.first_name).toBe('Ada');
    expect(parsed.email).toBe('ada@example.com');
  });
});

describe('country step', () => {
  it('requires the privacy agreement with the SPEC message', () => {
    expect(messagesOf(countryStepSchema.safeParse({ countryOfResidence: 'united-states', nationality: 'united-states', agreePrivacy: false }))).toEqual({
      agreePrivacy: 'Please agree to the Privacy Policy',
    });
  });
  it('offers 45 countries with hyphenated slugs and flags', () => {
    expect(countryOptions).toHaveLength(45);
    for (const o of countryOptions) {
      expect(o.value).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect([...o.flag]).toHaveLength(2);
    }
  });
  it('reads both slug spellings and falls back to united-states', () => {
    expect(normaliseCountry('united_states')).toBe('united-states');
    expect(normaliseCountry('United_Kingdom')).toBe('united-kingdom');
    expect(normaliseCountry('atlantis')).toBe('united-states');
    expect(normaliseCountry(null)).toBe('united-states');
  });
  it('maps check-email codes to slugs with a US fallback', () => {
    expect(countryFromCode('GB')).toBe('united-kingdom');
    expect(countryFromCode('ng')).toBe('nigeria');
    expect(countryFromCode('ZZ')).toBe('united-states');
    expect(countryFromCode(undefined)).toBe('united-states');
  });
});

describe('site settings update', () => {
  it('refuses script URLs, unknown fields and empty updates', () => {
    expect(siteSettingsUpdate.safeParse({ logo: 'javascript:alert(1)' }).success).toBe(false);
    expect(siteSettingsUpdate.safeParse({ nope: 1 }).success).toBe(false);
    expect(siteSettingsUpdate.safeParse({}).success).toBe(false);
    expect(siteSettingsUpdate.safeParse({ logo: 'https://cdn.example.com/logo.svg', r_page: 'td' }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { RegistrationData } from './registration-storage';
import { carriedValues, registerVariant } from './registration-variant';

const stepOne: RegistrationData = { email: 'ann@example.com', password: 'secret-pass', country: 'canada', timestamp: '2025-03-01T12:00:00.000Z' };
const stepTwo: RegistrationData = { ...stepOne, countryOfResidence: 'france', nationality: 'italy', agreePrivacy: true };

describe('register page variant (r_page)', () => {
  it('shows the full form for basic and for any unknown or missing value', () => {
    for (const rPage of ['basic', 'BASIC', 'something-else', '', null, undefined]) {
      expect(registerVariant(rPage, null)).toBe('full');
      expect(registerVariant(rPage, stepTwo)).toBe('full');
    }
  });

  it('starts ic with the email step until the country step is done', () => {
    expect(registerVariant('ic', null)).toBe('email-step');
    expect(registerVariant('ic', stepOne)).toBe('email-step');
    expect(registerVariant('ic', { ...stepTwo, agreePrivacy: false })).toBe('email-step');
    expect(registerVariant('ic', stepTwo)).toBe('full');
  });

  it('shows the single-page form for td whatever was saved', () => {
    expect(registerVariant('td', null)).toBe('compact');
    expect(registerVariant('td', stepTwo)).toBe('compact');
  });
});

describe('carried-over fields', () => {
  it('carries nothing without saved data', () => {
    expect(carriedValues(null)).toEqual({});
  });

  it('carries email and password after step one, and the country choices after step two', () => {
    expect(carriedValues(stepOne)).toEqual({ email: 'ann@example.com', password: 'secret-pass', confirm_password: 'secret-pass' });
    expect(carriedValues(stepTwo)).toEqual({
      email: 'ann@example.com',
      password: 'secret-pass',
      confirm_password: 'secret-pass',
      country: 'france',
      nationality: 'italy',
    });
  });
});

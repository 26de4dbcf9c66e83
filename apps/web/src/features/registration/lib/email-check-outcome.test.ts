import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { messageOfFailure, outcomeOfAnswer } from './email-check-outcome';

describe('email check outcome (SPEC §8)', () => {
  it('continues with the country mapped from the upper-case code', () => {
    expect(outcomeOfAnswer({ success: true, message: 'Email is available', data: { available: true, country: 'DE' } })).toEqual({ ok: true, country: 'germany' });
    expect(outcomeOfAnswer({ success: true, message: '', data: { available: true, country: 'ZZ' } })).toEqual({ ok: true, country: 'united-states' });
  });

  it('stays on a taken email with the server message, else "Email is already registered"', () => {
    expect(outcomeOfAnswer({ success: true, message: 'Taken here', data: { available: false, country: 'US' } })).toEqual({ ok: false, message: 'Taken here' });
    expect(outcomeOfAnswer({ success: false, message: '', data: { available: true, country: 'US' } })).toEqual({ ok: false, message: 'Email is already registered' });
  });

  it('shows the server message of a failed call, else "Failed to check email availability"', () => {
    expect(messageOfFailure(new ApiError(429, 'Too many', { message: 'Too many attempts. Please try again later.' }))).toBe('Too many attempts. Please try again later.');
    expect(messageOfFailure(new ApiError(500, 'Internal Server Error', null))).toBe('Failed to check email availability');
  });

  it('shows other failures by their message, else the generic one', () => {
    expect(messageOfFailure(new ApiError(0, 'Could not reach the server.', null))).toBe('Could not reach the server.');
    expect(messageOfFailure('boom')).toBe('An error occurred. Please try again.');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { marketplaceMessages, tradingMessages } from '@bourse/contract';
import { catalogue } from '@/i18n/catalogue-scan';
import { i18next } from '@/i18n/i18n';
import { ApiError, errorMessage } from './api-client';

const failure = (message: string, errors?: Record<string, string[]>) => new ApiError(422, message, { message, errors });

describe('errorMessage', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'ar', fallbackLng: 'en', keySeparator: false, nsSeparator: false, interpolation: { escapeValue: false }, resources: { ar: { translation: catalogue('ar') } } });
  });

  it('shows a contract message in the reader language', () => {
    expect(errorMessage(failure(marketplaceMessages.liveOnly), 'fallback')).toBe(catalogue('ar')[marketplaceMessages.liveOnly]);
    expect(errorMessage(failure(marketplaceMessages.liveOnly), 'fallback')).toMatch(/حساب/);
  });

  it('shows a message the catalogue does not have in the server words', () => {
    expect(errorMessage(failure('Market closes early on Friday'), 'fallback')).toBe('Market closes early on Friday');
  });

  it('translates a message the server ended with words of its own, and keeps those words', () => {
    const refused = catalogue('ar')[tradingMessages.venueRejected];
    expect(refused).toMatch(/السيولة/);
    expect(errorMessage(failure(`${tradingMessages.venueRejected}: no liquidity.`), 'fallback')).toBe(`${refused}: no liquidity.`);
    expect(errorMessage(failure(`${tradingMessages.venueRejected}.`), 'fallback')).toBe(`${refused}.`);
    expect(errorMessage(failure('Market closes early: Friday.'), 'fallback')).toBe('Market closes early: Friday.');
  });

  it('puts field messages in the reader language too', () => {
    const error = failure('The given data was invalid.', { amount: ['Enter an amount above 0.'], note: ['Something new'] });
    expect(error.field('amount')).toBe(catalogue('ar')['Enter an amount above 0.']);
    expect(error.fields()).toEqual({ amount: catalogue('ar')['Enter an amount above 0.'], note: 'Something new' });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cardChallengeInput, moneyMessages, personalMessages, twoFactorLogin, withdrawalInput } from '@bourse/contract';
import { i18next } from './i18n';
import { installPlainValidationMessages } from './plain-validation';

const messages = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((i) => i.message) ?? [];
const VALIDATOR_TEXT = /Too small|Too big|expected|Invalid input|>=/;

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: {}, keySeparator: false, nsSeparator: false });
  installPlainValidationMessages();
});

describe('form messages', () => {
  it('the two-factor step never shows validator text: a lost challenge is an expired sign-in', () => {
    expect(messages(twoFactorLogin.safeParse({ challenge: 'short', code: '123456' }))).toEqual([personalMessages.challengeExpired]);
    expect(messages(twoFactorLogin.safeParse({ code: '123456' }))).toEqual([personalMessages.challengeExpired]);
    expect(messages(twoFactorLogin.safeParse({ challenge: 'c'.repeat(32), code: '12' }))).toEqual([personalMessages.codeFormat]);
    expect(messages(twoFactorLogin.safeParse({ challenge: 'c'.repeat(32) }))).toEqual([personalMessages.codeFormat]);
  });

  it('schemas without a message of their own answer in plain words', () => {
    expect(messages(z.object({ name: z.string().min(1) }).safeParse({ name: '' }))).toEqual(['This field is required.']);
    expect(messages(z.object({ n: z.number().max(3) }).safeParse({ n: 9 }))).toEqual(['This value is too long or too large.']);
    expect(messages(cardChallengeInput.safeParse({ code: '12' }))).toEqual([moneyMessages.challengeFailed]);
    const withdrawal = withdrawalInput.safeParse({ method: 'crypto', account_id: 1, amount: 10, crypto: 'bitcoin', address: '' });
    expect(messages(withdrawal).length).toBeGreaterThan(0);
    for (const text of messages(withdrawal)) expect(text).not.toMatch(VALIDATOR_TEXT);
  });
});

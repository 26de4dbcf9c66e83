import { describe, expect, it } from 'vitest';
import { ledgerDetail } from './ledger-detail.ts';
import { localized, renderMessage } from './localized.ts';
import { notices } from './notices.ts';

describe('ledgerDetail', () => {
  it('reads each reference shape the server writes as a message', () => {
    expect(ledgerDetail('demo funding')).toEqual(localized(notices.demoFunding));
    expect(ledgerDetail('money:12:held')).toEqual(localized(notices.moneyHeld, { id: '12' }));
    expect(ledgerDetail('ea:3:renewal:2026-01-01T00:00:00.000Z')).toEqual(localized(notices.marketplaceRenewal, { id: '3' }));
    expect(ledgerDetail('adjustment: goodwill: late fill')).toEqual(localized(notices.adjustment, { reason: 'goodwill: late fill' }));
    expect(ledgerDetail('negative balance protection T-9')).toEqual(localized(notices.negativeBalance, { trade: 'T-9' }));
    expect(ledgerDetail('swap:T1A2B3C4D5E6:2031-01-15')).toEqual(localized(notices.swapCharge, { trade: 'T1A2B3C4D5E6', day: '2031-01-15' }));
  });

  it('leaves a trade id, an unknown shape and no reference to be shown as they are', () => {
    expect(ledgerDetail('T1234')).toBeNull();
    expect(ledgerDetail('crypto:abc')).toBeNull();
    expect(ledgerDetail(null)).toBeNull();
  });
});

describe('renderMessage', () => {
  it('fills placeholders, nested messages through the same translation', () => {
    const text = localized('{{text}}\n{{note}}', { text: { key: '{{symbol}} up', params: { symbol: 'EUR/USD' } }, note: 'look' });
    expect(renderMessage(text)).toBe('EUR/USD up\nlook');
    expect(renderMessage(localized('{{symbol}} up', { symbol: 'X' }), (k) => `« ${k} »`)).toBe('« X up »');
  });
});

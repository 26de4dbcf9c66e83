import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditActionLabels } from '@bourse/contract';
import { actionText, detailsText } from './audit-text';
import { ledgerKindText } from '@/i18n/ledger-kind';
import { referenceText } from './ledger-text';

const LOCALES = path.resolve(import.meta.dirname, '../../../i18n/locales');
/** The app's own catalogue of a language, as the browser loads it. */
async function translator(language: string): Promise<TFunction> {
  const dir = path.join(LOCALES, language);
  const messages = Object.assign({}, ...readdirSync(dir).map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, string>));
  const i18n = createInstance();
  await i18n.init({ lng: language, fallbackLng: 'en', keySeparator: false, nsSeparator: false, interpolation: { escapeValue: false }, resources: { [language]: { translation: messages } } });
  return i18n.t;
}

/** A code the server writes for itself: `withdrawal.cancelled`, `r_page`, `ea:1`. */
const RAW = /\b[a-z]+[._:][a-z0-9_]+\b/;
let en: TFunction;
let ar: TFunction;
beforeAll(async () => {
  [en, ar] = await Promise.all([translator('en'), translator('ar')]);
});

describe('audit entries in words', () => {
  it('names every action the contract knows, as the contract words it in English and translated in Arabic', () => {
    for (const [action, label] of Object.entries(auditActionLabels)) {
      expect(actionText(action, en)).toBe(label);
      expect(actionText(action, ar), action).not.toBe(label);
      expect(actionText(action, ar), action).not.toMatch(RAW);
    }
  });

  it('reads an action added later as its words rather than its code', () => {
    expect(actionText('robot.kill_switch', ar)).toBe('Robot kill switch');
  });

  it('lists changed settings by their names, and before and after values in words', () => {
    expect(detailsText({ action: 'settings.updated', details: { r_page: 'ic', savings_rate_pct: 2 } }, en)).toEqual(['Fields: Registration page, Annual savings rate (%)']);
    expect(detailsText({ action: 'settings.updated', details: { r_page: 'ic' } }, ar)).toEqual(['الحقول: صفحة التسجيل']);
    expect(detailsText({ action: 'user.active', details: { from: 'pending', to: 'active' } }, ar)).toEqual(['قيد الانتظار ← نشط']);
    expect(detailsText({ action: 'user.deactivated', details: { from: 'active', to: 'deactivated' } }, en)).toEqual(['Active → Deactivated']);
    expect(detailsText({ action: 'withdrawal.rejected', details: { amount: '50.00', reason: 'Wrong IBAN' } }, en)).toEqual(['Amount: 50.00', 'Reason: Wrong IBAN']);
  });
});

describe('ledger entries in words', () => {
  const names = (id: number) => (id === 1 ? 'CFD Trading Course' : undefined);
  it('names the item a purchase or renewal paid for, and the request a payment belongs to', () => {
    expect(referenceText('ea:1', en, names)).toBe('Purchase of CFD Trading Course');
    expect(referenceText('ea:1:renewal:2026-03-01T00:00:00.000Z', en, names)).toBe('Renewal of CFD Trading Course');
    expect(referenceText('ea:9', en, names)).toBe('Marketplace item #9');
    expect(referenceText('money:12:held', en, names)).toBe('Request #12: amount held');
    expect(referenceText('money:12', en, names)).toBe('Request #12');
    expect(referenceText('savings:3:in', en, names)).toBe('Into savings #3');
    expect(referenceText('adjustment: goodwill', en, names)).toBe('Adjustment: goodwill');
    expect(referenceText('demo funding', en, names)).toBe('Demo account funding');
  });

  it('leaves no code in Arabic', () => {
    for (const ref of ['ea:1', 'ea:9:renewal:2026-03-01T00:00:00.000Z', 'money:12:released', 'savings:3:out', 'demo reset', 'negative balance protection 77']) {
      expect(referenceText(ref, ar, names), ref).not.toMatch(RAW);
    }
    expect(ledgerKindText('realised_pnl', ar)).not.toMatch(RAW);
  });
});

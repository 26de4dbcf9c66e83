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

  it('says what the dealing desk changed: a group’s terms, a swap field by field, a dividend, an import', () => {
    const standard = { name: 'Standard', commission_mode: 'none', leverage: { forex: 100 }, margin_call_level: 100 };
    expect(detailsText({ action: 'group.create', details: { after: standard } }, en)).toEqual(['Group: Standard']);
    expect(detailsText({ action: 'group.update', details: { before: standard, after: { ...standard, leverage: { forex: 50 }, margin_call_level: 80 } } }, en)).toEqual([
      'Group: Standard',
      'Changed: Leverage, Margin call (%)',
    ]);
    expect(detailsText({ action: 'account.group', details: { from: 1, to: 4 } }, en)).toEqual(['From group #1 to group #4']);
    const custom = { long_rate: '-2.5', short_rate: '0.75', unit: 'percent', triple_day: 'friday' };
    expect(detailsText({ action: 'swap_rate.set', details: { before: custom, after: { ...custom, long_rate: '-3', triple_day: 'wednesday' } } }, en)).toEqual([
      'Long (buy): -2.5 → -3',
      'Triple day: Friday → Wednesday',
    ]);
    expect(detailsText({ action: 'swap_rate.set', details: { before: null, after: custom } }, en)[0]).toBe('Was on the default swap');
    expect(detailsText({ action: 'swap_rate.removed', details: { before: custom, after: null } }, en).at(-1)).toBe('Back on the default swap');
    expect(detailsText({ action: 'corporate_action.create', details: { symbol: 'AAPL', ex_date: '2026-05-11', amount: 0.26 } }, en)).toEqual(['AAPL, ex-date 2026-05-11: 0.26 a share']);
    expect(detailsText({ action: 'corporate_action.delete', subject_id: 'AAPL', details: { ex_date: '2026-05-11', amount: '0.260000' } }, en)).toEqual(['AAPL, ex-date 2026-05-11: 0.260000 a share']);
    expect(detailsText({ action: 'corporate_action.import', details: { rows: 3 } }, en)).toEqual(['Rows: 3']);
  });

  it('leaves no field code in the dealing desk’s details in Arabic', () => {
    const entries = [
      { action: 'group.update', details: { before: { name: 'VIP', swap_free_days: 0, allowed_classes: [] }, after: { name: 'VIP', swap_free_days: 7, allowed_classes: ['stocks'] } } },
      { action: 'swap_rate.set', details: { before: null, after: { long_rate: '1', short_rate: '-1', unit: 'points', triple_day: null } } },
      { action: 'corporate_action.import', details: { rows: 2 } },
    ];
    for (const entry of entries) expect(detailsText(entry, ar).join(' · '), entry.action).not.toMatch(RAW);
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

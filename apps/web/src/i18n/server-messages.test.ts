import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { alertWindowLabels, autotraderRisks, ledgerDetail, localized, notices, verificationKindInfo } from '@bourse/contract';
import { catalogue, scan, sourceFiles, SRC } from './catalogue-scan';
import { serverMessages } from './server-messages';
import { serverText } from './server-text';

const { keys } = scan(sourceFiles(SRC));

describe('server messages', () => {
  it('are every message the server writes, each marked for the catalogue', () => {
    expect(new Set(serverMessages)).toEqual(new Set(Object.values(notices)));
  });

  it('have the messages they nest (document names, alert windows, risks) in the catalogue too', () => {
    const nested = [...Object.values(verificationKindInfo).map((k) => k.label), ...Object.values(alertWindowLabels), ...autotraderRisks];
    expect(nested.filter((k) => !keys.has(k))).toEqual([]);
  });
});

describe('serverText', () => {
  const t = i18next.getFixedT('ar');
  it('shows a keyed text in the reader language, its nested messages translated too', async () => {
    await i18next.init({ lng: 'ar', fallbackLng: 'en', keySeparator: false, nsSeparator: false, interpolation: { escapeValue: false }, resources: { ar: { translation: catalogue('ar') } } });
    const text = localized(notices.documentApproved, { document: { key: verificationKindInfo.selfie.label } });
    expect(serverText(t, text.key, text.params, 'Selfie has been approved.')).toBe(`تمت الموافقة على المستند «${catalogue('ar').Selfie}».`);
    const detail = ledgerDetail('demo funding')!;
    expect(serverText(t, detail.key, detail.params, 'demo funding')).toBe('تمويل الحساب التجريبي');
  });

  it('shows an amount with the language grouping and two decimals', async () => {
    const text = localized(notices.withdrawalApproved, { amount: '12500', currency: 'USD' });
    await i18next.changeLanguage('de');
    expect(serverText(i18next.getFixedT('de'), text.key, text.params, '')).toContain('12.500,00 USD');
    await i18next.changeLanguage('en');
    expect(serverText(i18next.getFixedT('en'), text.key, text.params, '')).toBe('Your withdrawal of 12,500.00 USD has been approved and is being paid out.');
    await i18next.changeLanguage('ar');
  });

  it('shows a text stored without a key in its own words', () => {
    expect(serverText(t, null, undefined, 'Market closes early on Friday')).toBe('Market closes early on Friday');
  });
});

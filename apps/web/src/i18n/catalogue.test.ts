import { describe, expect, it } from 'vitest';
import { languageCodes } from '@bourse/contract';
import { catalogue, placeholders, pluralForms, scan, sourceFiles, SRC } from './catalogue-scan';

/**
 * Every visible string of the app goes through the catalogues: JSX text, visible attributes,
 * toasts and option lists are written as `t('English message')` (or `msg()` where a list is built
 * outside a component), and every language has every message. This reads the source, so a string
 * added anywhere without a translation fails here.
 */

/** Areas whose screens are still shown in English only, whatever the language chosen. */
const PENDING: string[] = [];

const inPending = (file: string) => PENDING.some((area) => file === area || file.startsWith(`${area}/`));
const { untranslated, keys } = scan(sourceFiles(SRC));

describe('message catalogues', () => {
  it('find the messages in the source', () => {
    expect(keys.size).toBeGreaterThan(5);
  });

  it('leave no visible string outside them', () => {
    expect(untranslated.filter((f) => !inPending(f.file)).map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  for (const language of languageCodes) {
    it(`${language}: has every message in every plural form, with the same placeholders, and nothing unused`, () => {
      const entries = catalogue(language);
      const wanted = new Set<string>();
      for (const [key, { plural }] of keys) {
        if (plural) for (const form of pluralForms(language)) wanted.add(`${key}_${form}`);
        // English messages are their own translation; other languages translate each one.
        else if (language !== 'en') wanted.add(key);
      }
      expect([...wanted].filter((k) => !(k in entries)), 'missing').toEqual([]);
      expect(Object.keys(entries).filter((k) => !wanted.has(k)), 'unused').toEqual([]);
      const mismatched = Object.entries(entries).filter(([key, text]) => {
        const source = key.replace(/_(zero|one|two|few|many|other)$/, '');
        // A plural form may spell the count out ("one position") instead of {{count}}.
        const wantedNames = placeholders(source).filter((n) => !(source !== key && n === 'count'));
        const got = placeholders(text);
        return wantedNames.some((n) => !got.includes(n)) || got.some((n) => !placeholders(source).includes(n));
      });
      expect(mismatched.map(([k, v]) => `${k} → ${v}`), 'placeholders').toEqual([]);
    });
  }
});

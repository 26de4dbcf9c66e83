import { describe, expect, it } from 'vitest';
import { birthDateAdjustment, jaroWinkler, nameSimilarity, nameTokens, normaliseName, rememberingSimilarity, screeningScore } from './name-matching.ts';

const similarity = (a: string, b: string) => nameSimilarity(nameTokens(a), nameTokens(b));

describe('name normalisation', () => {
  it('folds case and diacritics, splits at anything that is not a letter', () => {
    expect(normaliseName('MÜLLER-Lüdenscheidt, Hans Øster')).toBe('muller ludenscheidt hans oster');
    expect(normaliseName('José María GARCÍA')).toBe('jose maria garcia');
    expect(normaliseName('Straße Łukasz')).toBe('strasse lukasz');
  });

  it('transliterates Cyrillic, Greek and Arabic script to Latin', () => {
    expect(normaliseName('Александр Дмитриевич Гриценко')).toBe('aleksandr dmitrievich gritsenko');
    expect(normaliseName('Νικόλαος Παπαδόπουλος')).toBe('nikolaos papadopoulos');
    expect(nameTokens('خالد الراشد').map((t) => t.text)).toEqual(['khald', 'rashd']);
    expect(nameTokens('خالد').every((t) => t.abjad)).toBe(true);
  });

  it('drops articles and particles, so AL-RASHID and الراشد both come to the name', () => {
    expect(normaliseName('Khalid AL-RASHID')).toBe('khalid rashid');
    expect(normaliseName('Ludwig van Beethoven')).toBe('ludwig beethoven');
  });
});

describe('Jaro-Winkler', () => {
  it('gives the textbook figures', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('abc', 'abc')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', 'x')).toBe(0);
  });
});

describe('name similarity', () => {
  it('ignores token order and case', () => {
    expect(similarity('Ivan Sidorov', 'SIDOROV, Ivan')).toBe(1);
  });

  it('matches a Latin name against its Cyrillic, Greek and Arabic spellings', () => {
    expect(similarity('Aleksandr Gritsenko', 'Александр Дмитриевич Гриценко')).toBeGreaterThan(0.95);
    expect(similarity('Nikolaos Papadopoulos', 'Νικόλαος Παπαδόπουλος')).toBeGreaterThan(0.95);
    expect(similarity('Khalid Al-Rashid', 'خالد عبدالله الراشد')).toBeGreaterThan(0.95);
  });

  it('costs a little for a middle name or patronymic the customer did not give', () => {
    const full = similarity('Ivan Sidorov', 'Ivan Sidorov');
    const withPatronymic = similarity('Ivan Sidorov', 'Ivan Petrovich Sidorov');
    expect(withPatronymic).toBeLessThan(full);
    expect(withPatronymic).toBeGreaterThan(0.95);
  });

  it('keeps near names under a threshold of 0.88: a shared first name does not carry a different surname', () => {
    expect(similarity('Ivan Petrov', 'Ivan Sidorov')).toBeLessThan(0.7);
    expect(similarity('Igor Sidorov', 'Ivan Sidorov')).toBeLessThan(0.8);
    expect(similarity('John Smith', 'Jane Smithers')).toBeLessThan(0.88);
    // A surname that only begins the listed patronymic.
    expect(similarity('Ivan Petrov', 'SIDOROV, Ivan Petrovich')).toBeLessThan(0.88);
  });

  it('scores spelling variants high', () => {
    expect(similarity('Khaled Rashid', 'Khalid Abdullah AL-RASHID')).toBeGreaterThan(0.9);
    expect(similarity('Ivan Sidorova', 'Ivan Sidorov')).toBeGreaterThan(0.94);
    expect(similarity('Samir Hadad', 'HADDAD, Samir')).toBeGreaterThan(0.88);
  });

  it('compares a one-word name whole', () => {
    expect(similarity('Madonna', 'MADONNA')).toBe(1);
    expect(similarity('Madonna', 'Ciccone Madonna Louise')).toBeLessThan(0.88);
    expect(similarity('', 'Ivan')).toBe(0);
  });
});

describe('dates of birth', () => {
  it('raise the score when one listed date is the customer’s, and lower it when none is near', () => {
    expect(birthDateAdjustment('1962-04-12', ['1960-01-01', '1962-04-12'])).toBe(0.05);
    expect(birthDateAdjustment('1962-04-12', ['1962'])).toBe(0.02);
    expect(birthDateAdjustment('1962-04-12', ['1963-09-30'])).toBe(-0.08);
    expect(birthDateAdjustment('1962-04-12', ['1975-01-01'])).toBe(-0.2);
    expect(birthDateAdjustment(null, ['1975-01-01'])).toBe(0);
    expect(birthDateAdjustment('1962-04-12', [])).toBe(0);
  });

  it('take an exact name under the threshold when the dates are years apart', () => {
    const name = nameTokens('Ivan Sidorov');
    expect(screeningScore({ name, birthDate: '1990-05-05' }, { name, birthDates: ['1962-04-12'] })).toBeLessThan(0.88);
    expect(screeningScore({ name, birthDate: '1962-04-12' }, { name, birthDates: ['1962-04-12'] })).toBe(1);
    expect(screeningScore({ name, birthDate: null }, { name, birthDates: ['1962-04-12'] })).toBe(1);
  });
});

describe('screening many names', () => {
  it('scores the same with token similarities remembered for the customer', () => {
    const customer = nameTokens('Khaled Rashid');
    const remembered = rememberingSimilarity(customer);
    for (const listed of ['Khalid Abdullah AL-RASHID', 'خالد عبدالله الراشد', 'HADDAD, Samir', 'Rashid Khalid', 'Ivan Sidorov']) {
      const tokens = nameTokens(listed);
      const plain = nameSimilarity(customer, tokens);
      expect(nameSimilarity(customer, tokens, remembered), listed).toBe(plain);
      expect(nameSimilarity(customer, tokens, remembered), `${listed}, again`).toBe(plain);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseVolumeInput, sanitizeVolumeInput } from '@bourse/domain';
import { convertVolumeText, fromLots, stepVolumeText, toLots, volumeText } from './volume-units';

const eurusd = { contractSize: 100_000, price: 1.1, conversion: 1 };
const btc = { contractSize: 1, price: 65_000, conversion: 1 };

describe('volume field text (SPEC §5)', () => {
  it('keeps only digits and the first decimal point', () => {
    expect(sanitizeVolumeInput('1a.2.3')).toBe('1.23');
    expect(sanitizeVolumeInput('-0,5')).toBe('05');
  });
  it('reads empty or incomplete input as 0', () => {
    expect(parseVolumeInput('')).toBe(0);
    expect(parseVolumeInput('.')).toBe(0);
    expect(parseVolumeInput('0.')).toBe(0);
    expect(parseVolumeInput('0.25')).toBe(0.25);
  });
});

describe('stepper (SPEC §5)', () => {
  it('moves 0.01 lots, 1000 units or 10 currency units', () => {
    expect(stepVolumeText('0.01', 'lots', 1)).toBe('0.02');
    expect(stepVolumeText('0.07', 'lots', 1)).toBe('0.08');
    expect(stepVolumeText('1000', 'units', 1)).toBe('2000');
    expect(stepVolumeText('25', 'currency', 1)).toBe('35');
  });
  it('never goes below one step', () => {
    expect(stepVolumeText('0.01', 'lots', -1)).toBe('0.01');
    expect(stepVolumeText('', 'lots', -1)).toBe('0.01');
    expect(stepVolumeText('1500', 'units', -1)).toBe('1000');
    expect(stepVolumeText('5', 'currency', -1)).toBe('10');
  });
  it('steps up from an empty field to one step', () => expect(stepVolumeText('', 'units', 1)).toBe('1000'));
});

describe('units of the volume field', () => {
  it('converts lots, units and notional amounts', () => {
    expect(toLots(0.05, 'lots', eurusd)).toBe(0.05);
    expect(toLots(2500, 'units', eurusd)).toBe(0.03);
    expect(toLots(11_000, 'currency', eurusd)).toBe(0.1);
    expect(toLots(1300, 'currency', btc)).toBe(0.02);
    expect(fromLots(0.1, 'units', eurusd)).toBe(10_000);
    expect(fromLots(0.1, 'currency', eurusd)).toBe(11_000);
    expect(fromLots(0.01, 'currency', btc)).toBe(650);
  });
  it('reads nothing as no volume', () => {
    expect(toLots(0, 'units', eurusd)).toBe(0);
    expect(toLots(100, 'currency', { ...eurusd, price: 0 })).toBe(0);
  });
  it('applies the account-currency conversion to amounts', () => {
    const usdjpy = { contractSize: 100_000, price: 150, conversion: 1 / 150 };
    expect(fromLots(0.01, 'currency', usdjpy)).toBe(1000);
    expect(toLots(1000, 'currency', usdjpy)).toBe(0.01);
  });
  it('switching unit keeps the position', () => {
    expect(convertVolumeText('0.01', 'lots', 'units', eurusd)).toBe('1000');
    expect(convertVolumeText('1000', 'units', 'currency', eurusd)).toBe('1100');
    expect(convertVolumeText('1100', 'currency', 'lots', eurusd)).toBe('0.01');
    expect(convertVolumeText('0.3', 'lots', 'lots', eurusd)).toBe('0.3');
  });
  it('writes numbers without float noise', () => {
    expect(volumeText(0.1 + 0.2)).toBe('0.3');
    expect(volumeText(1e6)).toBe('1000000');
  });
});

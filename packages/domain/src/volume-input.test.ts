import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseVolumeInput, sanitizeVolumeInput, stepVolume, VOLUME_STEPS, type VolumeUnit } from './volume-input.ts';

describe('volume input', () => {
  it('keeps digits and one decimal point; empty or incomplete is 0 (SPEC §5)', () => {
    expect(sanitizeVolumeInput('1a.2.3')).toBe('1.23');
    expect(sanitizeVolumeInput('-0,5')).toBe('05');
    expect(parseVolumeInput('')).toBe(0);
    expect(parseVolumeInput('.')).toBe(0);
    expect(parseVolumeInput('0.25')).toBe(0.25);
  });

  it('steps 0.01 lots, 1000 units or 10 currency units and never below one step', () => {
    expect(stepVolume(0.01, 'lots', 1)).toBe(0.02);
    expect(stepVolume(0.01, 'lots', -1)).toBe(0.01);
    expect(stepVolume(0.1, 'lots', 1)).toBe(0.11);
    expect(stepVolume(1000, 'units', -1)).toBe(1000);
    expect(stepVolume(30, 'currency', -1)).toBe(20);
    expect(stepVolume(0, 'currency', 1)).toBe(10);
  });

  it('always yields a parseable number of at least one step', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom<VolumeUnit>('lots', 'units', 'currency'), fc.constantFrom<1 | -1>(1, -1), (raw, unit, dir) => {
        const clean = sanitizeVolumeInput(raw);
        expect(/^\d*\.?\d*$/.test(clean)).toBe(true);
        const value = parseVolumeInput(raw);
        expect(Number.isFinite(value) && value >= 0).toBe(true);
        expect(stepVolume(value, unit, dir)).toBeGreaterThanOrEqual(VOLUME_STEPS[unit]);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VOLUME_LOTS, isOnLotStep, lotsProblem, lotsToUnits, MAX_LOTS, MIN_LOTS, roundLots, unitsToLots } from './lots.ts';

const hundredths = fc.integer({ min: 1, max: 5000 });
const contractSize = fc.constantFrom(1, 10, 100, 1000, 5000, 100_000);

describe('lots and units', () => {
  it('uses the SPEC constants', () => {
    expect([MIN_LOTS, MAX_LOTS, DEFAULT_VOLUME_LOTS]).toEqual([0.01, 50, 0.01]);
    expect(lotsToUnits(MIN_LOTS)).toBe(1_000);
    expect(lotsToUnits(MAX_LOTS)).toBe(5_000_000);
    expect(lotsToUnits(0.07)).toBe(7_000);
    expect(unitsToLots(2_500, 1000)).toBe(2.5);
  });

  it('refuses volumes outside 0.01–50 lots or off the 0.01 step', () => {
    expect(lotsProblem(0.01)).toBeNull();
    expect(lotsProblem(50)).toBeNull();
    expect(lotsProblem(0.29)).toBeNull();
    expect(lotsProblem(0)).toBe('below_min');
    expect(lotsProblem(0.009)).toBe('below_min');
    expect(lotsProblem(50.01)).toBe('above_max');
    expect(lotsProblem(0.015)).toBe('off_step');
    expect(lotsProblem(Number.NaN)).toBe('below_min');
  });

  it('round-trips every tradable volume through units', () => {
    fc.assert(
      fc.property(hundredths, contractSize, (h, size) => {
        const lots = h / 100;
        expect(unitsToLots(lotsToUnits(lots, size), size)).toBe(lots);
        expect(lotsProblem(lots)).toBeNull();
        expect(isOnLotStep(lots)).toBe(true);
      }),
    );
  });

  it('keeps rounded lots on the step', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 50, noNaN: true }), (x) => isOnLotStep(roundLots(x))));
  });
});

/** SPEC §9: 1 lot = contract size units; 100,000 when the instrument names none. */
export const DEFAULT_CONTRACT_SIZE = 100_000;
/** Smallest order, in lots (SPEC §9). */
export const MIN_LOTS = 0.01;
/** Largest order, in lots (SPEC §9). */
export const MAX_LOTS = 50;
/** Lots move in steps of 0.01 (SPEC §9). */
export const LOT_STEP = 0.01;
/** Volume an order form starts with, in lots (SPEC §9). */
export const DEFAULT_VOLUME_LOTS = 0.01;
/** Position an order form starts with, in units (SPEC §9). */
export const DEFAULT_POSITION_UNITS = 1_000;

// Lots are handled as integer hundredths so 0.07 × 100 never becomes 7.000000000000001.
const HUNDREDTHS = 100;
const EPSILON = 1e-9;

/** Converts lots to units (`lots × contract size`), exact to the hundredth of a lot. */
export function lotsToUnits(lots: number, contractSize: number = DEFAULT_CONTRACT_SIZE): number {
  return (Math.round(lots * HUNDREDTHS) * contractSize) / HUNDREDTHS;
}

/** Converts units to lots (`units / contract size`), rounded to the 0.01 step. */
export function unitsToLots(units: number, contractSize: number = DEFAULT_CONTRACT_SIZE): number {
  return roundLots(units / contractSize);
}

/** Rounds to the nearest 0.01 lot. */
export function roundLots(lots: number): number {
  return Math.round(lots * HUNDREDTHS) / HUNDREDTHS;
}

/** True when `lots` sits on the 0.01 grid (within float noise). */
export function isOnLotStep(lots: number): boolean {
  const scaled = lots * HUNDREDTHS;
  return Number.isFinite(scaled) && Math.abs(scaled - Math.round(scaled)) < EPSILON * Math.max(1, Math.abs(scaled));
}

/** Why an order volume is refused, or null when it is tradable. */
export type LotsProblem = 'below_min' | 'above_max' | 'off_step' | null;

/** Checks an order volume against SPEC §9: 0.01 to 50 lots in steps of 0.01. */
export function lotsProblem(lots: number): LotsProblem {
  if (!Number.isFinite(lots) || lots < MIN_LOTS - EPSILON) return 'below_min';
  if (lots > MAX_LOTS + EPSILON) return 'above_max';
  if (!isOnLotStep(lots)) return 'off_step';
  return null;
}

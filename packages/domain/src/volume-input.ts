/** Units the order form's volume can be typed in. */
export type VolumeUnit = 'lots' | 'units' | 'currency';

/** SPEC §5 stepper: 0.01 lots, 1000 units or 10 currency units per click. */
export const VOLUME_STEPS: Record<VolumeUnit, number> = { lots: 0.01, units: 1000, currency: 10 };

/** Keeps only digits and the first decimal point of what was typed (SPEC §5). */
export function sanitizeVolumeInput(raw: string): string {
  let seenPoint = false;
  let out = '';
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !seenPoint) {
      seenPoint = true;
      out += ch;
    }
  }
  return out;
}

/** The number a volume field holds: empty or incomplete input (such as ".") counts as 0. */
export function parseVolumeInput(raw: string): number {
  const text = sanitizeVolumeInput(raw);
  const value = Number(text);
  return text === '' || text === '.' || !Number.isFinite(value) ? 0 : value;
}

/**
 * One stepper click up (`direction` 1) or down (-1) in `unit`, never below one step.
 */
export function stepVolume(value: number, unit: VolumeUnit, direction: 1 | -1): number {
  const step = VOLUME_STEPS[unit];
  // Cents are the finest grain of every unit; rounding to them drops float noise (0.1 + 0.2).
  const next = Math.round((value + direction * step) * 100) / 100;
  return Math.max(step, next);
}

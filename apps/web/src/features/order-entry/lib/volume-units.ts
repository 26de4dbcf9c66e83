import { lotsToUnits, parseVolumeInput, roundLots, stepVolume, unitsToLots, type VolumeUnit } from '@bourse/domain';
import { msg } from '@/i18n/i18n';

/** What converting between lots, units and an amount of money needs to know about the instrument. */
export type VolumeContext = {
  contractSize: number;
  /** Price one unit is valued at, in the quote currency. */
  price: number;
  /** Account-currency value of one unit of quote currency (null when unknown: treated as 1). */
  conversion: number | null;
};

/** Labels of the unit switcher (shown with `t()`). */
export const volumeUnitLabels: Record<VolumeUnit, string> = { lots: msg('Lots'), units: msg('Units'), currency: msg('Amount') };
/** The volume field's name for each unit (shown with `t()`). */
export const volumeFieldLabels: Record<VolumeUnit, string> = { lots: msg('Volume in lots'), units: msg('Volume in units'), currency: msg('Volume in amount') };

const unitValue = (ctx: VolumeContext) => ctx.price * (ctx.conversion ?? 1);
const cents = (n: number) => Math.round(n * 100) / 100;

/** The order volume in lots (on the 0.01 grid) of `value` typed in `unit`. */
export function toLots(value: number, unit: VolumeUnit, ctx: VolumeContext): number {
  if (!(value > 0)) return 0;
  if (unit === 'lots') return roundLots(value);
  if (unit === 'units') return unitsToLots(value, ctx.contractSize);
  const perUnit = unitValue(ctx);
  return perUnit > 0 ? unitsToLots(value / perUnit, ctx.contractSize) : 0;
}

/** `lots` expressed in `unit` (an amount of money is the position's notional value, to the cent). */
export function fromLots(lots: number, unit: VolumeUnit, ctx: VolumeContext): number {
  if (unit === 'lots') return roundLots(lots);
  const units = lotsToUnits(lots, ctx.contractSize);
  return unit === 'units' ? units : cents(units * unitValue(ctx));
}

/** The text the field shows for a number (no float noise, no exponent). */
export function volumeText(value: number): string {
  return String(cents(value));
}

/** Field text after one stepper click (SPEC §5: never below one step). */
export function stepVolumeText(text: string, unit: VolumeUnit, direction: 1 | -1): string {
  return volumeText(stepVolume(parseVolumeInput(text), unit, direction));
}

/** Field text when the unit switcher changes from `from` to `to`, keeping the same position. */
export function convertVolumeText(text: string, from: VolumeUnit, to: VolumeUnit, ctx: VolumeContext): string {
  if (from === to) return text;
  return volumeText(fromLots(toLots(parseVolumeInput(text), from, ctx), to, ctx));
}

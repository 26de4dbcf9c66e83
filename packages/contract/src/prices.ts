/**
 * Prices are shown and entered with each instrument's own `digits` (the Asset field), never a
 * fixed number of decimals: three decimals hide the spread of a currency pair quoted to five, and
 * five decimals on a coin worth 60,000 show noise. These helpers are the one way to format, step
 * and check a price, on the server and in the client.
 */

/** What a price needs to be written: the instrument's decimals and, for the fractional pip, its type. */
export type PricePrecision = { digits: number; type?: string };

/** Decimals a catalogue may give an instrument (a coin under a cent has 8). */
const MAX_DIGITS = 8;

const clampDigits = (digits: number) => Math.min(Math.max(Math.trunc(digits), 0), MAX_DIGITS);

/** One point: the smallest price step of an instrument quoted to `digits` decimals (0.00001 for 5). */
export function pointOf(digits: number): number {
  return Number((10 ** -clampDigits(digits)).toFixed(clampDigits(digits)));
}

/**
 * A price on the instrument's grid of points (the nearest one, halves away from zero). Shifting
 * the decimal point in the number's text rounds 151.2345 to 151.235, where `toFixed` sees the
 * binary 151.23449999… and writes 151.234.
 */
export function roundPrice(value: number, digits: number): number {
  const d = clampDigits(digits);
  const text = String(Math.abs(value));
  if (text.includes('e')) return Number(value.toFixed(d));
  return Math.sign(value) * Number(`${Math.round(Number(`${text}e${d}`))}e-${d}`);
}

/** `value` with exactly the instrument's decimals; "—" for a missing price. */
export function formatPrice(value: number | null | undefined, digits: number): string {
  return value == null || !Number.isFinite(value) ? '—' : roundPrice(value, digits).toFixed(clampDigits(digits));
}

/** True when `value` has no more decimals than the instrument's `digits` (float noise aside). */
export function fitsDigits(value: number, digits: number): boolean {
  // Relative: a sum such as 1.0851 + 0.00001 lands a hair off the grid (1.0851100000000001).
  return Math.abs(roundPrice(value, digits) - value) <= Math.abs(value) * 1e-12;
}

/**
 * Currency pairs quoted to 5 decimals (3 for yen pairs) carry a tenth of a pip, the fractional
 * pip, in their last digit; trading platforms print it smaller so the pip reads at a glance.
 */
export function hasFractionalPip(p: PricePrecision): boolean {
  return p.type === 'forex' && (p.digits === 5 || p.digits === 3);
}

/**
 * A formatted price split for display: `pipette` is the fractional-pip digit (empty when the
 * instrument has none), `main` everything before it; `text` is the whole.
 */
export function priceParts(value: number | null | undefined, p: PricePrecision): { text: string; main: string; pipette: string } {
  const text = formatPrice(value, p.digits);
  if (text === '—' || !hasFractionalPip(p)) return { text, main: text, pipette: '' };
  return { text, main: text.slice(0, -1), pipette: text.slice(-1) };
}

/** The server's refusal of a price with more decimals than the instrument is quoted to. */
export function priceDigitsMessage(symbol: string, digits: number): string {
  return `${symbol} prices have ${digits} decimal${digits === 1 ? '' : 's'}: please enter a price with no more than that.`;
}

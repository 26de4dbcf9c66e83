/**
 * What the broker adds on each side of a source's quote: `value` points (one point is 10^-digits)
 * or `value` percent of the raw mid.
 */
export type Markup = { kind: 'points' | 'percent'; value: number };

/** The prices the customer trades at. */
export type CustomerQuote = { bid: number; ask: number; mid: number };

/** 10^digits for the digits a catalogue allows (0 … 8, as `pointOf` does), without string work on the hot path. */
const SCALES = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8];

const scaleOf = (digits: number) => SCALES[Math.min(Math.max(Math.trunc(digits), 0), SCALES.length - 1)] ?? 1;

/**
 * Room for the float noise of `price × scale` (a few ulps), so a price already on the grid, such as
 * 1.08001 − 0.00001 = 1.0799999999999998, is not pushed a whole point further out.
 */
const noise = (scaled: number) => Math.abs(scaled) * 1e-14;

const down = (price: number, scale: number) => {
  const scaled = price * scale;
  return Math.floor(scaled + noise(scaled)) / scale;
};

const up = (price: number, scale: number) => {
  const scaled = price * scale;
  return Math.ceil(scaled - noise(scaled)) / scale;
};

/**
 * The customer's quote for a raw one: the bid lowered and the ask raised by the markup, then
 * rounded outward to the instrument's digits (bid down, ask up) so the markup is never less than
 * configured. No markup, or a value that is not positive, leaves the raw quote as it is. `mid` is
 * halfway between the customer's bid and ask, so it can fall on half a point. Writes into `out`
 * when given, so the hot path can reuse one object.
 */
export function applyMarkup(
  bid: number,
  ask: number,
  digits: number,
  markup: Markup | null | undefined,
  out: CustomerQuote = { bid: 0, ask: 0, mid: 0 },
): CustomerQuote {
  if (!markup || !(markup.value > 0)) {
    out.bid = bid;
    out.ask = ask;
  } else {
    const scale = scaleOf(digits);
    const margin = markup.kind === 'points' ? markup.value / scale : (markup.value / 100) * ((bid + ask) / 2);
    out.bid = down(bid - margin, scale);
    out.ask = up(ask + margin, scale);
    // Halfway between two points of the grid is a point of the grid ten times finer: rounding there only removes float noise.
    out.mid = Math.round((out.bid + out.ask) * scale * 5) / (scale * 10);
    return out;
  }
  out.mid = (out.bid + out.ask) / 2;
  return out;
}

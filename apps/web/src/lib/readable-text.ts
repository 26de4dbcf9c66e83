/** Relative luminance (WCAG 2.x) of a `#rgb`/`#rrggbb` or `rgb(r, g, b)` colour; null when unreadable. */
export function luminance(color: string): number | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color.trim());
  let channels: number[];
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    channels = [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  } else if (rgb) channels = [rgb[1], rgb[2], rgb[3]].map(Number);
  else return null;
  const [r, g, b] = channels.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * White or near-black, whichever reads better on `background`: plan colours are the operator's
 * choice, and white text on a light one (silver, gold) would not read.
 */
export function readableTextOn(background: string): string {
  const l = luminance(background);
  if (l === null) return '#ffffff';
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / 0.05;
  return onWhite >= onDark ? '#ffffff' : '#0b1220';
}

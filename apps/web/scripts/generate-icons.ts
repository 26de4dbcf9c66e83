// Draws the installed app's icons (PNG, as the web app manifest and iOS want them) from the same
// mark as public/favicon.svg: the rising line on the brand colour, over the dark theme's background.
//
//   node apps/web/scripts/generate-icons.ts
//
// Writes apps/web/public/icons/; the PNGs are checked in, so a build needs no image tools.
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../public/icons');
const BRAND = '#0ea5e9';
const BACKGROUND = '#0b1220';
const LINE = 'M7 22l6-7 5 4 7-9';

/** The favicon's mark: a rounded brand square with the line, on transparent corners. */
const anyPurpose = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BRAND}"/><path d="${LINE}" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/**
 * Maskable: the platform cuts its own shape out of a full-bleed square, keeping at least the centre
 * circle of 80%; the line sits inside it, on the dark background with a brand disc.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BACKGROUND}"/><circle cx="16" cy="16" r="11" fill="${BRAND}"/><g transform="translate(16 16) scale(0.55) translate(-16 -16)"><path d="${LINE}" stroke="#fff" stroke-width="3.4" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;

/** iOS rounds the corners itself and shows black through transparency: a full square. */
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.8) translate(-16 -16)"><path d="${LINE}" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;

const icons: [string, string, number][] = [
  ['icon-192.png', anyPurpose, 192],
  ['icon-512.png', anyPurpose, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', apple, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(OUT, name));
  console.log(`${name} ${size}×${size}`);
}

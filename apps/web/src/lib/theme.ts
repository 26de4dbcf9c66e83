import type { ThemeChoice } from '@bourse/contract';

/** The colours the app is drawn in: dark (the SPEC's look) or light. */
export type Theme = 'dark' | 'light';

/** The media query of a device set to a light appearance. */
export const PREFERS_LIGHT = '(prefers-color-scheme: light)';

export const isThemeChoice = (value: unknown): value is ThemeChoice => value === 'dark' || value === 'light' || value === 'system';

/**
 * The theme to draw: a stored dark or light choice wins; with none (or "system") the device's
 * preference decides, dark unless it asks for light. public/theme-boot.js applies the same rule
 * before the first paint.
 */
export function resolveTheme(choice: ThemeChoice | null | undefined, prefersLight: boolean): Theme {
  if (choice === 'dark' || choice === 'light') return choice;
  return prefersLight ? 'light' : 'dark';
}

/** Marks the document with the theme: the CSS variables, native controls and the browser bar follow. */
export function applyTheme(theme: Theme, doc: Document = document) {
  const root = doc.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  const bg = getComputedStyle(root).getPropertyValue('--color-bg').trim();
  if (bg) doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', bg);
}

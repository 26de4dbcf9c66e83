import { describe, expect, it } from 'vitest';
import { isThemeChoice, resolveTheme } from './theme';

describe('theme resolution', () => {
  it('draws a stored dark or light choice whatever the device prefers', () => {
    expect(resolveTheme('light', false)).toBe('light');
    expect(resolveTheme('dark', true)).toBe('dark');
  });

  it('follows the device with no choice or the system choice, dark unless it asks for light', () => {
    expect(resolveTheme(null, true)).toBe('light');
    expect(resolveTheme(undefined, false)).toBe('dark');
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('system', false)).toBe('dark');
  });

  it('accepts only the three choices from storage', () => {
    expect(['dark', 'light', 'system'].every(isThemeChoice)).toBe(true);
    expect([null, '', 'Light', 'pink', 1].some(isThemeChoice)).toBe(false);
  });
});

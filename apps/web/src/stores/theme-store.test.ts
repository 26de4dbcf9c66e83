import { describe, expect, it } from 'vitest';
import { STORAGE } from '@/config/constants';
import type { Theme } from '@/lib/theme';
import { memoryStorage } from '@/testing/memory-storage';
import { createThemeStore } from './theme-store';

/** A device whose appearance the test switches, with the themes the store applied. */
function device(prefersLight: boolean, stored?: string) {
  const storage = memoryStorage();
  if (stored !== undefined) storage.data.set(STORAGE.theme, stored);
  const listeners: (() => void)[] = [];
  const media = { matches: prefersLight, addEventListener: (_: string, cb: () => void) => void listeners.push(cb) };
  const applied: Theme[] = [];
  const store = createThemeStore({ storage: storage as unknown as Storage, media: media as unknown as MediaQueryList, apply: (t) => void applied.push(t) });
  const setSystem = (light: boolean) => {
    media.matches = light;
    for (const cb of listeners) cb();
  };
  return { store, storage, applied, setSystem };
}

describe('theme store', () => {
  it('on a first visit follows the device and applies it before anything renders', () => {
    const { store, applied } = device(true);
    expect(store.getState()).toMatchObject({ choice: null, theme: 'light' });
    expect(applied).toEqual(['light']);
    expect(device(false).store.getState().theme).toBe('dark');
  });

  it('prefers the stored choice to the device and ignores what it cannot read', () => {
    expect(device(true, 'dark').store.getState()).toMatchObject({ choice: 'dark', theme: 'dark' });
    expect(device(false, 'light').store.getState()).toMatchObject({ choice: 'light', theme: 'light' });
    expect(device(true, 'neon').store.getState()).toMatchObject({ choice: null, theme: 'light' });
  });

  it('keeps a choice on the device and applies it at once', () => {
    const { store, storage, applied } = device(false);
    store.getState().choose('light');
    expect(storage.data.get(STORAGE.theme)).toBe('light');
    expect(store.getState().theme).toBe('light');
    expect(applied.at(-1)).toBe('light');
  });

  it('follows a change of the device appearance only without a fixed choice', () => {
    const free = device(false);
    free.setSystem(true);
    expect(free.store.getState().theme).toBe('light');
    free.store.getState().choose('system');
    free.setSystem(false);
    expect(free.store.getState().theme).toBe('dark');

    const fixed = device(false, 'dark');
    fixed.setSystem(true);
    expect(fixed.store.getState().theme).toBe('dark');
    expect(fixed.applied).toEqual(['dark']);
  });
});

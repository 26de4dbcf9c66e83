import { describe, expect, it } from 'vitest';
import { luminance, readableTextOn } from './readable-text';

describe('readable text on a colour', () => {
  it('measures luminance as WCAG does', () => {
    expect(luminance('#ffffff')).toBeCloseTo(1, 5);
    expect(luminance('#000')).toBe(0);
    expect(luminance('rgb(148, 163, 184)')).toBeCloseTo(0.3595, 3);
    expect(luminance('papayawhip')).toBeNull();
  });

  it('puts dark text on light plan colours and white on dark ones', () => {
    expect(readableTextOn('#94a3b8')).toBe('#0b1220'); // silver
    expect(readableTextOn('#ca8a04')).toBe('#0b1220'); // gold
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff'); // navy
    expect(readableTextOn('not a colour')).toBe('#ffffff');
  });
});

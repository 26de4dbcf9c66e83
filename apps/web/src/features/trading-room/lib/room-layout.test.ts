import { describe, expect, it } from 'vitest';
import { clampSize, defaultLayout, parseLayout } from './room-layout';

describe('trading room layout from storage', () => {
  it('starts from the SPEC layout when nothing is kept', () => {
    expect(parseLayout(null)).toEqual(defaultLayout);
    expect(defaultLayout).toMatchObject({ drawerOpen: true, drawerHeight: 200, panel: null, sidebarOpen: null });
  });

  it('restores what was kept', () => {
    const kept = { panel: 'news', sidebarOpen: false, drawerOpen: false, panelWidth: 400, sidebarWidth: 300, drawerHeight: 260 };
    expect(parseLayout(JSON.stringify(kept))).toEqual(kept);
  });

  it('keeps sizes within bounds and drops what does not fit', () => {
    const layout = parseLayout(JSON.stringify({ panel: 3, sidebarOpen: 'yes', panelWidth: 5000, sidebarWidth: -1, drawerHeight: 'tall', intervals: { '8': '4h' } }));
    // What an earlier version kept here (the charts' intervals, now on the server) is left behind.
    expect(layout).toEqual({ ...defaultLayout, panelWidth: 560, sidebarWidth: 220 });
    expect(parseLayout('{not json')).toEqual(defaultLayout);
    expect(parseLayout('[1,2]')).toEqual(defaultLayout);
    expect(clampSize('drawerHeight', 199.6)).toBe(200);
  });
});

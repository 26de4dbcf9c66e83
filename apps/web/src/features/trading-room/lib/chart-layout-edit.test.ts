import { describe, expect, it } from 'vitest';
import { type ChartLayout, defaultChartLayout, MAX_CHART_INTERVALS, newLayoutChart } from '@bourse/contract';
import { chartInterval, linkedAsset, shownAsset, withActive, withChart, withCount, withInterval, withLinkAt, withSelection } from './chart-layout-edit';

const own = (asset_id: number) => ({ ...newLayoutChart(false), asset_id });
/** Chart 0 linked, charts 1 to 3 on their own instruments (11, 12, 13). */
const four = (active = 0): ChartLayout => ({ count: 4, active, charts: [newLayoutChart(), own(11), own(12), own(13)] });
const shown = (layout: ChartLayout, selected: number) => layout.charts.map((_, i) => shownAsset(layout, i, selected));

describe('chart layout changes', () => {
  it('shows the selected pair on linked charts while the ticket trades one of them, and its own instrument on another', () => {
    expect(shown(four(), 7)).toEqual([7, 11, 12, 13]);
    expect(linkedAsset(defaultChartLayout, 7)).toBe(7);
  });

  it('activates a chart without changing what any chart shows: the linked ones keep their instrument', () => {
    const third = withActive(four(), 2, 7);
    expect(third.active).toBe(2);
    // The ticket trades 12 now (the selected pair becomes 12): the linked chart still shows 7.
    expect(shown(third, 12)).toEqual([7, 11, 12, 13]);
    // Back to the linked chart: it shows what it kept, which the area then selects.
    const back = withActive(third, 0, 12);
    expect(shownAsset(third, 0, 12)).toBe(7);
    expect(shown(back, 7)).toEqual([7, 11, 12, 13]);
  });

  it('gives a pair selected elsewhere to the active chart: a linked one takes the ticket from a chart of its own', () => {
    // The active chart is linked: the linked charts follow, nothing else changes.
    expect(withSelection(four(), 9)).toEqual(four());
    // The active chart has its own instrument: it keeps it, the ticket goes to the linked chart.
    const moved = withSelection(withActive(four(), 1, 7), 9);
    expect(moved.active).toBe(0);
    expect(shown(moved, 9)).toEqual([9, 11, 12, 13]);
    // No linked chart shown: the active chart takes the pair.
    const alone: ChartLayout = { count: 2, active: 1, charts: [own(10), own(11), newLayoutChart()] };
    expect(shown(withSelection(alone, 9), 9)).toEqual([10, 9, 9]);
  });

  it('unlinks a chart on the instrument it shows and links it to the others', () => {
    const unlinked = withLinkAt(four(), 0, false, 7);
    expect(unlinked.charts[0]).toMatchObject({ linked: false, asset_id: 7 });
    // Linked again with no other linked chart: it starts the group on its own instrument.
    expect(withLinkAt(unlinked, 0, true, 7).charts[0]).toMatchObject({ linked: true, asset_id: 7 });
    // Linking chart 2 to the group: it shows the group's instrument.
    const joined = withLinkAt(four(), 2, true, 7);
    expect(shown(joined, 7)).toEqual([7, 11, 7, 13]);
    // Unlinking the active linked chart keeps the others on what they showed.
    const left = withLinkAt({ ...joined, active: 2 }, 2, false, 7);
    expect(shown(left, 7)).toEqual([7, 11, 7, 13]);
    expect(left.charts[0]!.asset_id).toBe(7);
  });

  it('keeps an interval per instrument, 1 minute until one is chosen, another giving way past the cap', () => {    let chart = newLayoutChart();
    expect(chartInterval(chart, 7)).toBe('1m');
    chart = withInterval(chart, 7, '1h');
    chart = withInterval(chart, 8, '5m');
    expect([chartInterval(chart, 7), chartInterval(chart, 8), chartInterval(chart, 9), chartInterval(chart, null)]).toEqual(['1h', '5m', '1m', '1m']);
    for (let id = 100; id < 100 + MAX_CHART_INTERVALS; id++) chart = withInterval(chart, id, '15m');
    expect(Object.keys(chart.intervals)).toHaveLength(MAX_CHART_INTERVALS);
    expect(chartInterval(chart, 100 + MAX_CHART_INTERVALS - 1)).toBe('15m');
    // A kept instrument changes in place: nothing gives way.
    const full = chart;
    chart = withInterval(chart, 120, '4h');
    expect(Object.keys(chart.intervals)).toEqual(Object.keys(full.intervals));
    expect(chart.intervals['120']).toBe('4h');
  });

  it('opens new charts on instruments no chart shows, and finds hidden ones as they were', () => {
    const two = withCount(defaultChartLayout, 2, 7, [7, 8, 9, 10]);
    expect(two.charts.map((c) => [c.linked, c.asset_id])).toEqual([
      [true, null],
      [false, 8],
    ]);
    const four = withCount(withChart(two, 1, { asset_id: 9 }), 4, 7, [7, 8, 9, 10]);
    expect(shown(four, 7)).toEqual([7, 9, 8, 10]);
    // The ticket on chart 4 (10), then one chart: the first takes the ticket, on the instrument it
    // kept when the ticket left it, which the area selects.
    const before = withActive(four, 3, 7);
    const one = withCount(before, 1, 10, []);
    expect(one).toMatchObject({ count: 1, active: 0 });
    expect(one.charts).toHaveLength(4);
    expect(shownAsset(before, one.active, 10)).toBe(7);
    expect(shown(one, 7)).toEqual([7, 9, 8, 10]);
    expect(withCount(one, 4, 7, []).charts).toEqual(one.charts);
  });
});

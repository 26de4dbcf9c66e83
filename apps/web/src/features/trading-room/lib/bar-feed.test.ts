import { describe, expect, it } from 'vitest';
import { BarFeed, type FeedChange, hasVolume } from './bar-feed';

const bar = (time: number, close: number, volume?: number) => ({ time, open: close, high: close, low: close, close, ...(volume === undefined ? {} : { volume }) });

describe('the bars the indicators read', () => {
  it('follow the live bar: the last one again keeps its volume, a later one is added, an older one ignored', () => {
    const feed = new BarFeed();
    const heard: FeedChange[] = [];
    feed.subscribe((c) => heard.push(c));
    feed.reset([bar(60, 1, 5), bar(120, 2, 7)]);
    feed.fold(bar(120, 2.5));
    expect(feed.bars.at(-1)).toEqual(bar(120, 2.5, 7));
    feed.fold(bar(180, 3));
    expect(feed.bars.map((b) => b.time)).toEqual([60, 120, 180]);
    expect(feed.bars.at(-1)!.volume).toBeUndefined();
    feed.fold(bar(60, 9));
    expect(feed.bars).toHaveLength(3);
    expect(heard).toEqual(['reset', 'tick', 'bar']);
    expect(feed.loads).toBe(1);
  });

  it('take the volumes the server counted since, telling only of a change', () => {
    const feed = new BarFeed();
    feed.reset([bar(60, 1, 5), bar(120, 2)]);
    const heard: FeedChange[] = [];
    feed.subscribe((c) => heard.push(c));
    expect(feed.patchVolumes([{ time: 120, volume: 9 }, { time: 999, volume: 1 }])).toBe(true);
    expect(feed.bars.map((b) => b.volume)).toEqual([5, 9]);
    expect(feed.patchVolumes([{ time: 120, volume: 9 }])).toBe(false);
    expect(heard).toEqual(['tick']);
  });

  it('tell bars with traded volume from bars without', () => {
    expect(hasVolume([bar(60, 1, 0), bar(120, 1)])).toBe(false);
    expect(hasVolume([bar(60, 1, 0), bar(120, 1, 0.5)])).toBe(true);
  });
});

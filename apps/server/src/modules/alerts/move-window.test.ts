import fc from 'fast-check';
import { expect, it } from 'vitest';
import { MoveWindow } from './move-window.ts';

it('knows the low and high of the prices in the last 60 buckets, as a scan of every price does', () => {
  const step = fc.record({ price: fc.integer({ min: 1, max: 1000 }), gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 400_000 })) });
  fc.assert(
    fc.property(fc.array(step, { minLength: 1, maxLength: 300 }), (steps) => {
      const window = new MoveWindow(300_000);
      const seen: { price: number; bucket: number }[] = [];
      let now = 0;
      for (const { price, gap } of steps) {
        now += gap;
        const bucket = Math.floor(now / 5000);
        window.push(price, now);
        seen.push({ price, bucket });
        const inWindow = seen.filter((s) => s.bucket > bucket - 60).map((s) => s.price);
        expect([window.low, window.high]).toEqual([Math.min(...inWindow), Math.max(...inWindow)]);
      }
    }),
  );
});

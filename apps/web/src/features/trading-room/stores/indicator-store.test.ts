import { describe, expect, it } from 'vitest';
import type { Indicator, PreferencesUpdate } from '@bourse/contract';
import { createIndicatorSaver } from './indicator-store';

const ind = (id: string): Indicator => ({ id, kind: 'ema', color: 'blue', params: { period: 20 } });

describe('saving indicators', () => {
  it('sends one call at a time, the changes made meanwhile together and each at its latest', async () => {
    const calls: PreferencesUpdate[] = [];
    const answers: (() => void)[] = [];
    const saver = createIndicatorSaver(
      (patch) => {
        calls.push(patch);
        return new Promise<void>((resolve) => answers.push(resolve));
      },
      () => {},
    );
    const done = saver.keep('EURUSD', [ind('a')]);
    void saver.keep('EURUSD', [ind('a'), ind('b')]);
    void saver.keep('BTCUSD', [ind('c')]);
    void saver.keep('EURUSD', [ind('b')]);
    expect(calls).toEqual([{ indicators: { EURUSD: [ind('a')] } }]);
    answers.shift()!();
    await Promise.resolve();
    await Promise.resolve();
    expect(calls[1]).toEqual({ indicators: { EURUSD: [ind('b')], BTCUSD: [ind('c')] } });
    answers.shift()!();
    await done;
    expect(calls).toHaveLength(2);
  });

  it('reports a failed call and goes on with the next change', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const sent: PreferencesUpdate[] = [];
    const saver = createIndicatorSaver(
      async (patch) => {
        sent.push(patch);
        if (fail) throw new Error('offline');
      },
      (error) => errors.push(error),
    );
    await saver.keep('EURUSD', [ind('a')]);
    expect(errors).toHaveLength(1);
    fail = false;
    await saver.keep('EURUSD', []);
    expect(sent.at(-1)).toEqual({ indicators: { EURUSD: [] } });
    expect(errors).toHaveLength(1);
  });
});

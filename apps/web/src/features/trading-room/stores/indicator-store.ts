import { create } from 'zustand';
import type { Indicator, IndicatorsByInstrument, PreferencesUpdate } from '@bourse/contract';

type EditsState = {
  /** Lists changed on this device since the settings loaded, by `<user id>:<symbol>`: shown at once, saved behind. */
  edits: Record<string, Indicator[]>;
  setList: (key: string, list: Indicator[]) => void;
};

export const useIndicatorEdits = create<EditsState>()((set) => ({
  edits: {},
  setList: (key, list) => set((s) => ({ edits: { ...s.edits, [key]: list } })),
}));

/**
 * Keeps indicator lists in the customer's settings, one call at a time: a change made while one
 * is on its way waits for it, and the instruments changed meanwhile go together in the next, each
 * with its latest list. The server keeps the instruments a call does not name as they were, so a
 * call never undoes another instrument's change, and an older list never lands after a newer one.
 */
export function createIndicatorSaver(save: (patch: PreferencesUpdate) => Promise<unknown>, onError: (error: unknown) => void) {
  const pending = new Map<string, Indicator[]>();
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (pending.size) {
      const indicators: IndicatorsByInstrument = Object.fromEntries(pending);
      pending.clear();
      try {
        await save({ indicators });
      } catch (error) {
        onError(error);
      }
    }
    running = null;
  }

  return {
    /** Saves `list` as `symbol`'s indicators; resolves once every change so far has been sent. */
    keep(symbol: string, list: Indicator[]): Promise<void> {
      pending.set(symbol, list);
      running ??= drain();
      return running;
    },
  };
}

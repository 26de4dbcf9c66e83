import { useCallback, useSyncExternalStore } from 'react';
import type { PackedPriceUpdate, PriceUpdate } from '@bourse/contract';
import { PRICE_FLASH_MS } from '@/config/constants';
import type { LiveValues } from './asset-rules';

/** One instrument's latest values plus what the screen needs to flash a change. */
export type Tick = Readonly<
  LiveValues & {
    /** Direction of the last price change: 1 up, -1 down, 0 none yet. */
    dir: 1 | -1 | 0;
    /** Counts price changes. */
    moves: number;
    /** SPEC §4 flash: the direction of a move made in the last 2.2 s, else 0. */
    flash: 1 | -1 | 0;
  }
>;

type Listener = () => void;
type FlushListener = (changed: ReadonlySet<number>) => void;
export type FrameScheduler = (callback: () => void) => void;

export type TickStore = {
  /** Queues a tick; the screen sees it at the next frame, coalesced with any later tick of the same id. */
  push(id: number, values: LiveValues): void;
  get(id: number): Tick | undefined;
  /** Called after a frame's flush (or a flash ending) when `id` changed. */
  subscribe(id: number, listener: Listener): () => void;
  /** Called after every flush with the ids whose price changed. */
  subscribeFlush(listener: FlushListener): () => void;
  /** Applies everything queued now (normally done once per animation frame). */
  flush(): void;
  clear(): void;
};

export type TickStoreOptions = {
  schedule?: FrameScheduler;
  /** Milliseconds, for the flash timing. */
  now?: () => number;
  /** Runs `callback` after `ms` (the flash sweep). */
  later?: (callback: () => void, ms: number) => void;
};

const browserFrame: FrameScheduler = (cb) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(cb);
  else setTimeout(cb, 16);
};

/** How often ended flashes are looked for: a flash lasts 2.2 s give or take this. */
const SWEEP_MS = 100;

function mergeQueued(queued: LiveValues, next: LiveValues): LiveValues {
  return {
    price: next.price,
    low: next.low ?? queued.low,
    high: next.high ?? queued.high,
    change: next.change ?? queued.change,
    changePercent: next.changePercent ?? queued.changePercent,
    volume: next.volume ?? queued.volume,
    ts: next.ts ?? queued.ts,
    bid: next.bid,
    ask: next.ask,
  };
}

function nextTick(prev: Tick | undefined, next: LiveValues): Tick {
  const moved = prev !== undefined && next.price !== prev.price;
  const dir = moved ? (next.price > prev.price ? 1 : -1) : (prev?.dir ?? 0);
  return {
    price: next.price,
    low: next.low ?? prev?.low,
    high: next.high ?? prev?.high,
    change: next.change ?? prev?.change,
    changePercent: next.changePercent ?? prev?.changePercent,
    volume: next.volume ?? prev?.volume,
    ts: next.ts ?? prev?.ts,
    bid: next.bid,
    ask: next.ask,
    dir,
    moves: (prev?.moves ?? 0) + (moved ? 1 : 0),
    flash: moved ? dir : (prev?.flash ?? 0),
  };
}

/**
 * Price ticks live outside React (DESIGN §1.4): a socket can deliver thousands per second, so they
 * are queued per instrument and applied at most once per animation frame, and only the readers of
 * a changed instrument are told. Flashes end here too, in one sweep for every instrument, so no
 * price on screen keeps a timer of its own.
 */
export function createTickStore(options: TickStoreOptions = {}): TickStore {
  const schedule = options.schedule ?? browserFrame;
  const now = options.now ?? (() => performance.now());
  const later = options.later ?? ((cb, ms) => void setTimeout(cb, ms));
  const current = new Map<number, Tick>();
  let pending = new Map<number, LiveValues>();
  const byId = new Map<number, Set<Listener>>();
  const onFlush = new Set<FlushListener>();
  /** Instruments flashing, with the time of their last move. */
  const flashing = new Map<number, number>();
  let scheduled = false;
  let sweeping = false;

  const notify = (ids: Iterable<number>) => {
    for (const id of ids) {
      const listeners = byId.get(id);
      if (listeners) for (const l of listeners) l();
    }
  };

  function sweep() {
    sweeping = false;
    const t = now();
    const ended: number[] = [];
    for (const [id, movedAt] of flashing) {
      if (t - movedAt < PRICE_FLASH_MS) continue;
      flashing.delete(id);
      const tick = current.get(id);
      if (tick) current.set(id, { ...tick, flash: 0 });
      ended.push(id);
    }
    notify(ended);
    armSweep();
  }

  function armSweep() {
    if (sweeping || flashing.size === 0) return;
    sweeping = true;
    later(sweep, SWEEP_MS);
  }

  const store: TickStore = {
    push(id, values) {
      const queued = pending.get(id);
      // Optional 24 h fields of an earlier tick in the same frame survive a later tick without them.
      pending.set(id, queued ? mergeQueued(queued, values) : values);
      if (!scheduled) {
        scheduled = true;
        schedule(store.flush);
      }
    },
    get: (id) => current.get(id),
    subscribe(id, listener) {
      let set = byId.get(id);
      if (!set) byId.set(id, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) byId.delete(id);
      };
    },
    subscribeFlush(listener) {
      onFlush.add(listener);
      return () => onFlush.delete(listener);
    },
    flush() {
      scheduled = false;
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      const changed = new Set<number>();
      const t = now();
      for (const [id, values] of batch) {
        const prev = current.get(id);
        const tick = nextTick(prev, values);
        current.set(id, tick);
        if (prev && tick.moves !== prev.moves) flashing.set(id, t);
        changed.add(id);
      }
      notify(changed);
      for (const l of onFlush) l(changed);
      armSweep();
    },
    clear() {
      pending.clear();
      current.clear();
      flashing.clear();
    },
  };
  return store;
}

/** A SPEC §3 live price update as tick values. */
export function liveFromUpdate(u: Pick<PriceUpdate, 'price'> & Partial<PriceUpdate>): LiveValues {
  return {
    price: u.price,
    low: u.priceLow24h,
    high: u.priceHigh24h,
    change: u.change24h,
    changePercent: u.changePercent24h,
    volume: u.volume24h,
    ts: u.ts ?? (u.lastUpdated ? Date.parse(u.lastUpdated) : undefined),
    bid: u.bid,
    ask: u.ask,
  };
}

/** A `data:batch` tuple as tick values, without building the ISO date the unpacked form carries. */
export function liveFromPacked(p: PackedPriceUpdate): LiveValues {
  return { price: p[1], low: p[2], high: p[3], change: p[4], changePercent: p[5], volume: p[6], ts: p[7], bid: p[8], ask: p[9] };
}

/** The price ticks of the running page. */
export const priceTicks = createTickStore();

/**
 * What a reader derives from one instrument's tick, re-rendering only when that value changes:
 * `select` should return a primitive (a formatted price, say), so a tick that leaves the text on
 * screen as it was costs no render.
 */
export function useTickSelector<T>(id: number | null | undefined, select: (tick: Tick | undefined) => T, store: TickStore = priceTicks): T {
  const subscribe = useCallback((cb: Listener) => (id == null ? () => {} : store.subscribe(id, cb)), [id, store]);
  const get = () => select(id == null ? undefined : store.get(id));
  return useSyncExternalStore(subscribe, get, get);
}

/** One instrument's latest tick; re-renders only when that instrument changed. */
export function useTick(id: number | null | undefined, store: TickStore = priceTicks): Tick | undefined {
  const subscribe = useCallback((cb: Listener) => (id == null ? () => {} : store.subscribe(id, cb)), [id, store]);
  const get = useCallback(() => (id == null ? undefined : store.get(id)), [id, store]);
  return useSyncExternalStore(subscribe, get, get);
}

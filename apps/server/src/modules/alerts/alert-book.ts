import { TriggerIndex } from '../trading/trigger-index.ts';
import { MoveWindow } from './move-window.ts';

/** What the book needs of an alert to watch it. */
export type AlertRule = {
  id: number;
  userId: number;
  assetId: number;
  kind: 'level' | 'move';
  direction: 'above' | 'below' | 'up' | 'down' | 'either';
  level: number | null;
  /** Percent (2 = 2 %). */
  percent: number | null;
  windowMs: number | null;
  repeat: boolean;
  cooldownMs: number;
  /** When it last fired (ms), for the cool-down of a repeating alert. */
  lastTriggeredAt: number | null;
};

/** A fired alert: when, the price that fired it and, for a move, the move as a signed fraction. */
export type AlertFire = { rule: AlertRule; at: number; price: number; move: number | null };

type Held = { rule: AlertRule; handles: number[]; index: TriggerIndex<number> | null; stage: 'armed' | 'reset' | 'cooling' | 'idle' };

/**
 * Move windows per instrument, at most one per window length, so a tick costs a few at most. `up`
 * and `down` bound the smallest move any of its alerts waits for: below both, the index is not
 * even looked at.
 */
type Windows = { window: MoveWindow; key: number; up: number; down: number }[];

/**
 * Every alert this node watches, in the engine's own price-indexed structure ({@link TriggerIndex}):
 * a tick costs a lookup and a few comparisons plus the work for each alert it crosses, however
 * many are held.
 *
 * - A level alert fires when the price crosses its level. Set on the far side of the level (the
 *   price already above an "above" level), it first waits for the price to come back ("reset").
 * - A move alert fires when the price is `percent` above its window's low (up) or below its high
 *   (down). Per instrument and window length, the current rise and fall play the part of the
 *   price in a second index keyed by (instrument, window), with the percent as the level.
 * - A repeating alert that fired cools down; the cool-down ends are a third index keyed by time.
 */
export class AlertBook {
  readonly levels = new TriggerIndex<number>();
  readonly moves = new TriggerIndex<number>();
  readonly #cooling = new TriggerIndex<number>();
  readonly #held = new Map<number, Held>();
  readonly #windows = new Map<number, Windows>();
  #lastWindowKey = 0;
  readonly #priceOf: (assetId: number) => number | null;

  constructor(priceOf: (assetId: number) => number | null) {
    this.#priceOf = priceOf;
  }

  get size(): number {
    return this.#held.size;
  }

  has(id: number): boolean {
    return this.#held.has(id);
  }

  /** The instruments with alerts held. */
  assets(): Set<number> {
    const out = new Set<number>();
    for (const { rule } of this.#held.values()) out.add(rule.assetId);
    return out;
  }

  /** Starts (or restarts, after an edit) watching an active alert. */
  set(rule: AlertRule, now: number): void {
    this.remove(rule.id);
    const held: Held = { rule, handles: [], index: null, stage: 'idle' };
    this.#held.set(rule.id, held);
    const coolUntil = rule.repeat && rule.lastTriggeredAt !== null ? rule.lastTriggeredAt + rule.cooldownMs : 0;
    if (coolUntil > now) this.#cool(held, coolUntil);
    else this.#arm(held, now);
  }

  remove(id: number): void {
    const held = this.#held.get(id);
    if (!held) return;
    this.#unregister(held);
    this.#held.delete(id);
  }

  /** Evaluates one tick of `assetId` at mid `price`; fired alerts are removed, or cool down when they repeat. */
  tick(assetId: number, price: number, now: number): AlertFire[] {
    const fired: AlertFire[] = [];
    for (const id of this.#cooling.collect(0, now, now)) {
      const held = this.#held.get(id);
      if (held?.stage === 'cooling') this.#arm(held, now);
    }
    for (const id of this.levels.collect(assetId, price, price)) {
      const held = this.#held.get(id);
      if (!held) continue;
      held.handles = [];
      if (held.stage === 'reset') this.#armLevel(held, true);
      else this.#fired(held, now, fired, price, null);
    }
    const windows = this.#windows.get(assetId);
    if (windows) {
      for (const entry of windows) {
        const { window, key } = entry;
        window.push(price, now);
        const rise = window.rise(price);
        const fall = window.fall(price);
        if (rise < entry.up && fall < entry.down) continue;
        const crossed = this.moves.collect(key, rise, fall);
        entry.up = this.moves.nearest(key, 'bid', 'up') ?? Number.POSITIVE_INFINITY;
        entry.down = this.moves.nearest(key, 'ask', 'up') ?? Number.POSITIVE_INFINITY;
        for (const id of crossed) {
          const held = this.#held.get(id);
          if (held?.stage !== 'armed') continue;
          this.#fired(held, now, fired, price, held.rule.direction === 'down' || (held.rule.direction === 'either' && fall >= rise) ? -fall : rise);
        }
      }
    }
    return fired;
  }

  #fired(held: Held, now: number, out: AlertFire[], price: number, move: number | null): void {
    this.#unregister(held);
    out.push({ rule: held.rule, at: now, price, move });
    if (held.rule.repeat) {
      held.rule = { ...held.rule, lastTriggeredAt: now };
      this.#cool(held, now + held.rule.cooldownMs);
    } else {
      this.#held.delete(held.rule.id);
    }
  }

  #cool(held: Held, until: number): void {
    held.stage = 'cooling';
    held.index = this.#cooling;
    held.handles = [this.#cooling.add({ assetId: 0, watch: 'bid', cross: 'up', level: until, payload: held.rule.id })];
  }

  #arm(held: Held, now: number): void {
    this.#unregister(held);
    if (held.rule.kind === 'level') {
      const price = this.#priceOf(held.rule.assetId);
      const level = held.rule.level!;
      // At the level counts as the near side: an alert set right at the price fires on the next touch.
      this.#armLevel(held, price === null || (held.rule.direction === 'above' ? price <= level : price >= level));
      return;
    }
    const entry = this.#window(held.rule.assetId, held.rule.windowMs!, now);
    const pct = held.rule.percent! / 100;
    const add = (watch: 'bid' | 'ask') => held.handles.push(this.moves.add({ assetId: entry.key, watch, cross: 'up', level: pct, payload: held.rule.id }));
    if (held.rule.direction !== 'down') {
      add('bid');
      entry.up = Math.min(entry.up, pct);
    }
    if (held.rule.direction !== 'up') {
      add('ask');
      entry.down = Math.min(entry.down, pct);
    }
    held.index = this.moves;
    held.stage = 'armed';
  }

  /** `armed`: watch the crossing itself; otherwise watch for the price to come back to the near side first. */
  #armLevel(held: Held, armed: boolean): void {
    const above = held.rule.direction === 'above';
    const cross = above === armed ? 'up' : 'down';
    held.stage = armed ? 'armed' : 'reset';
    held.index = this.levels;
    held.handles = [this.levels.add({ assetId: held.rule.assetId, watch: 'bid', cross, level: held.rule.level!, payload: held.rule.id })];
  }

  #unregister(held: Held): void {
    for (const h of held.handles) held.index?.remove(h);
    held.handles = [];
    held.index = null;
    held.stage = 'idle';
  }

  /** The move window of (instrument, window length) with its index key; created on first use. */
  #window(assetId: number, windowMs: number, now: number): Windows[number] {
    let windows = this.#windows.get(assetId);
    if (!windows) {
      windows = [];
      this.#windows.set(assetId, windows);
    }
    const found = windows.find((w) => w.window.windowMs === windowMs);
    if (found) return found;
    const window = new MoveWindow(windowMs);
    const price = this.#priceOf(assetId);
    if (price !== null) window.push(price, now);
    const entry = { window, key: ++this.#lastWindowKey, up: Number.POSITIVE_INFINITY, down: Number.POSITIVE_INFINITY };
    windows.push(entry);
    return entry;
  }
}

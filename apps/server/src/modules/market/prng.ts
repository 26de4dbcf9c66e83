/** Seeded randomness: the simulator and the history generator must give the same numbers for the same seed. */

/** 32-bit FNV-1a hash of `text`, mixed with `seed`. */
export function hashString(text: string, seed = 0): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/**
 * Mulberry32 over a slot of a shared state array, so thousands of independent streams cost one
 * typed array and no objects. Returns a number in [0, 1).
 */
export function nextUniform(state: Uint32Array, slot: number): number {
  const s = (state[slot]! + 0x6d2b79f5) | 0;
  state[slot] = s;
  let t = Math.imul(s ^ (s >>> 15), s | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A standard normal draw (Box-Muller) from the stream in `slot`. */
export function nextNormal(state: Uint32Array, slot: number): number {
  const u1 = 1 - nextUniform(state, slot);
  const u2 = nextUniform(state, slot);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

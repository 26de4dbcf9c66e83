import type { StateStorage } from 'zustand/middleware';

/** A Storage stand-in for persisted stores in unit tests; `data` shows what was written. */
export function memoryStorage(): StateStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

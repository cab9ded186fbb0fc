import type { SessionStore } from './session-store';

/** A SessionStore in memory, its items open to the test. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } satisfies SessionStore & { items: Map<string, string> };
}

/** A SessionStore that refuses to read or write, as a browser may (private mode, quota). */
export const refusingStorage: SessionStore = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => undefined,
};

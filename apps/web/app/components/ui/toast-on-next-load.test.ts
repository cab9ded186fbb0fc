import { describe, expect, it } from 'vitest';
import {
  takeToastForThisLoad,
  toastOnNextLoad,
  TOAST_ON_NEXT_LOAD_KEY,
} from './toast-on-next-load';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('a toast carried across a full page load', () => {
  it('is shown by the next load only, once', () => {
    const storage = memoryStorage();
    toastOnNextLoad({ kind: 'success', message: 'Welcome, Fatima!' }, storage);
    expect(takeToastForThisLoad(storage)).toEqual({ kind: 'success', message: 'Welcome, Fatima!' });
    expect(takeToastForThisLoad(storage)).toBeUndefined();
    expect(storage.items.size).toBe(0);
  });

  it('is nothing when none was kept', () => {
    expect(takeToastForThisLoad(memoryStorage())).toBeUndefined();
    expect(takeToastForThisLoad(undefined)).toBeUndefined();
  });

  it('ignores, and drops, what is not a toast', () => {
    for (const saved of [
      'not json',
      'null',
      '"text"',
      '{"kind":"shout","message":"x"}',
      '{"kind":"info","message":""}',
      '{"kind":"info"}',
    ]) {
      const storage = memoryStorage({ [TOAST_ON_NEXT_LOAD_KEY]: saved });
      expect(takeToastForThisLoad(storage), saved).toBeUndefined();
      expect(storage.items.has(TOAST_ON_NEXT_LOAD_KEY), saved).toBe(false);
    }
  });

  it('never throws when the storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    };
    expect(() => toastOnNextLoad({ kind: 'info', message: 'x' }, refusing)).not.toThrow();
    expect(takeToastForThisLoad(refusing)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { memoryStorage, refusingStorage } from '../../lib/session-store.test-support';
import {
  takeToastForThisLoad,
  toastOnNextLoad,
  TOAST_ON_NEXT_LOAD_KEY,
} from './toast-on-next-load';

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
    expect(() => toastOnNextLoad({ kind: 'info', message: 'x' }, refusingStorage)).not.toThrow();
    expect(takeToastForThisLoad(refusingStorage)).toBeUndefined();
  });
});

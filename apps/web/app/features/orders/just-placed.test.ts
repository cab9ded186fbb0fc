import { describe, expect, it } from 'vitest';
import { JUST_PLACED_KEY, markJustPlaced, takeJustPlaced } from './just-placed';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the just-placed marker', () => {
  it('is taken once for the order that was placed', () => {
    const storage = memoryStorage();
    markJustPlaced('SB-7K3M9Q2X4T', storage);
    expect(takeJustPlaced('SB-7K3M9Q2X4T', storage)).toBe(true);
    // A reload finds none.
    expect(takeJustPlaced('SB-7K3M9Q2X4T', storage)).toBe(false);
    expect(storage.items.has(JUST_PLACED_KEY)).toBe(false);
  });

  it('is not taken by another order, and stays for its own', () => {
    const storage = memoryStorage();
    markJustPlaced('SB-7K3M9Q2X4T', storage);
    expect(takeJustPlaced('SB-0000000000', storage)).toBe(false);
    expect(takeJustPlaced('SB-7K3M9Q2X4T', storage)).toBe(true);
  });

  it('does nothing without storage, or when the storage refuses', () => {
    expect(() => markJustPlaced('SB-7K3M9Q2X4T', undefined)).not.toThrow();
    expect(takeJustPlaced('SB-7K3M9Q2X4T', undefined)).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => markJustPlaced('SB-7K3M9Q2X4T', refusing)).not.toThrow();
    expect(takeJustPlaced('SB-7K3M9Q2X4T', refusing)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { memoryStorage, refusingStorage } from '../../lib/session-store.test-support';
import { JUST_PLACED_KEY, markJustPlaced, takeJustPlaced } from './just-placed';

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
    expect(() => markJustPlaced('SB-7K3M9Q2X4T', refusingStorage)).not.toThrow();
    expect(takeJustPlaced('SB-7K3M9Q2X4T', refusingStorage)).toBe(false);
  });
});

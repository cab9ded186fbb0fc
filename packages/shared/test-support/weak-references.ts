/**
 * Counts the weak references made while it is on: `WeakRef`s and `FinalizationRegistry` entries.
 * undici makes both when a Request follows a signal, and reads the globals when it runs, so the
 * count sees them (decision 076). `restore()` puts the originals back.
 */
export function countWeakReferences(): { count: () => number; restore: () => void } {
  const OriginalWeakRef = globalThis.WeakRef;
  const originalRegister = FinalizationRegistry.prototype.register;
  let count = 0;
  globalThis.WeakRef = class CountedWeakRef<T extends WeakKey> extends OriginalWeakRef<T> {
    constructor(target: T) {
      super(target);
      count += 1;
    }
  };
  FinalizationRegistry.prototype.register = function register(
    this: FinalizationRegistry<unknown>,
    ...args
  ) {
    count += 1;
    return originalRegister.apply(this, args);
  };
  return {
    count: () => count,
    restore: () => {
      globalThis.WeakRef = OriginalWeakRef;
      FinalizationRegistry.prototype.register = originalRegister;
    },
  };
}

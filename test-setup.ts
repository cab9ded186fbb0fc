import { afterEach, beforeEach, vi } from 'vitest';

// An error logged during a test is a failure: nothing is silently tolerated.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});

import { describe, expect, it } from 'vitest';
import { settledNodeEnv } from './node-env.js';

describe('settledNodeEnv', () => {
  it('keeps what is set', () => {
    expect(settledNodeEnv('test', ['node', 'main.js', '--dev'])).toBe('test');
    expect(settledNodeEnv('development', ['node', 'main.js'])).toBe('development');
  });

  it('settles an unset or empty NODE_ENV, so that React never loads its development build by accident', () => {
    expect(settledNodeEnv(undefined, ['node', 'main.js'])).toBe('production');
    expect(settledNodeEnv('', ['node', 'main.js'])).toBe('production');
    expect(settledNodeEnv(' ', ['node', 'main.js'])).toBe('production');
    expect(settledNodeEnv('', ['node', 'main.js', '--dev'])).toBe('development');
  });
});

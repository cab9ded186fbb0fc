import { describe, expect, it } from 'vitest';
import { isolateEachLtr, isolateLtr } from './bidi';

const LRI = '\u2066';
const PDI = '\u2069';

describe('isolateLtr', () => {
  it('wraps the value in a left-to-right isolate', () => {
    expect(isolateLtr('SB-0A1B2C3D4E')).toBe(`${LRI}SB-0A1B2C3D4E${PDI}`);
  });

  it('isolates every parameter of a sentence', () => {
    expect(isolateEachLtr({ number: 'SB-0A1B2C3D4E', amount: '31.375 KD' })).toEqual({
      number: `${LRI}SB-0A1B2C3D4E${PDI}`,
      amount: `${LRI}31.375 KD${PDI}`,
    });
  });
});

import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { lowerObjectSpreads } from '../../vite-server-spreads.ts';

/** Runs a script that assigns `result`, and returns it. */
function run(code: string, input: Record<string, unknown>): unknown {
  const context = vm.createContext({ input, result: undefined });
  vm.runInContext(code, context);
  return context.result;
}

const SOURCE = `
  const { a, ...rest } = input.first;
  result = { merged: { ...input.first, x: 'own', ...input.second }, spread: { ...input.first }, a, rest };
`;

describe('lowerObjectSpreads', () => {
  it('writes literals with spreads as Object.assign, so that they share hidden classes', async () => {
    const lowered = await lowerObjectSpreads(
      'export const icon = (props) => jsx("svg", { ...props, children: "x" });',
      'icon.js',
    );
    expect(lowered).toContain('Object.assign({}');
    expect(lowered).not.toContain('...props');
  });

  it('keeps what the literals mean: order, overrides, rest and the source untouched', async () => {
    const lowered = await lowerObjectSpreads(SOURCE, 'merge.js');
    expect(lowered).not.toBeNull();
    const input = () => ({ first: { a: 1, b: 2, x: 'first' }, second: { b: 3, y: 4 } });
    const before = input();
    const expected = run(SOURCE, before);
    const actual = run(lowered!, input());
    expect(actual).toEqual(expected);
    expect(actual).toEqual({
      merged: { a: 1, b: 3, x: 'own', y: 4 },
      spread: { a: 1, b: 2, x: 'first' },
      a: 1,
      rest: { b: 2, x: 'first' },
    });
    expect(Object.keys((actual as { merged: object }).merged)).toEqual(['a', 'b', 'x', 'y']);
    expect(before.first).toEqual({ a: 1, b: 2, x: 'first' });
  });

  it('leaves a chunk without spreads alone', async () => {
    expect(
      await lowerObjectSpreads('export const n = [1, 2].map((x) => x * 2);', 'plain.js'),
    ).toBeNull();
  });
});

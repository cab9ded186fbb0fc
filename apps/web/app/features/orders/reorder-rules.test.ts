import { describe, expect, it } from 'vitest';
import type { ReorderLine } from '@shop/shared';
import { reorderSummary } from './reorder-rules';

const line = (name: string, outcome: ReorderLine['outcome'], ordered: number, added: number): ReorderLine => ({
  product_id: 1,
  name,
  outcome,
  ordered,
  added,
});

describe('reorderSummary', () => {
  it('is all added when every line went in', () => {
    expect(reorderSummary([line('A', 'added', 2, 2), line('B', 'added', 1, 1)])).toEqual({ anyAdded: true, reduced: [], missing: [] });
  });

  it('names the lines that went in short and those that did not go in, once each', () => {
    const summary = reorderSummary([
      line('A', 'reduced', 4, 2),
      line('B', 'out_of_stock', 1, 0),
      line('C', 'unavailable', 1, 0),
      line('C', 'unavailable', 2, 0),
      // The cart already held all there is: nothing went in, so it is missing, not short.
      line('D', 'reduced', 3, 0),
    ]);
    expect(summary).toEqual({ anyAdded: true, reduced: ['A'], missing: ['B', 'C', 'D'] });
  });

  it('says nothing was added when no line went in', () => {
    expect(reorderSummary([line('A', 'unavailable', 1, 0)]).anyAdded).toBe(false);
    expect(reorderSummary([]).anyAdded).toBe(false);
  });
});

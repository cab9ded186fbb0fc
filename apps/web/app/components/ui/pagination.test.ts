import { describe, expect, it } from 'vitest';
import { pageItems, type PageItem } from './pagination';

/** 1 … 4 5 6 … 10 as a compact string for readable expectations. */
function render(items: PageItem[]): string {
  return items.map((item) => (item.type === 'gap' ? '…' : String(item.page))).join(' ');
}

describe('pageItems', () => {
  it('is empty without pages and shows every page of a short list', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(render(pageItems(1, 1))).toBe('1');
    expect(render(pageItems(2, 5))).toBe('1 2 3 4 5');
    expect(render(pageItems(7, 7))).toBe('1 2 3 4 5 6 7');
  });

  it('puts ellipses around the current page in a long list', () => {
    expect(render(pageItems(10, 20))).toBe('1 … 9 10 11 … 20');
    expect(render(pageItems(5, 10))).toBe('1 … 4 5 6 … 10');
  });

  it('uses one ellipsis near either end', () => {
    expect(render(pageItems(1, 10))).toBe('1 2 3 4 5 … 10');
    expect(render(pageItems(4, 10))).toBe('1 2 3 4 5 … 10');
    expect(render(pageItems(7, 10))).toBe('1 … 6 7 8 9 10');
    expect(render(pageItems(10, 10))).toBe('1 … 6 7 8 9 10');
  });

  it('always shows the same number of slots, and a gap hides at least two pages', () => {
    for (let page = 1; page <= 30; page++) {
      const items = pageItems(page, 30);
      expect(items).toHaveLength(7);
      items.forEach((item, index) => {
        if (item.type !== 'gap') return;
        const before = items[index - 1];
        const after = items[index + 1];
        expect(
          before?.type === 'page' && after?.type === 'page' && after.page - before.page,
        ).toBeGreaterThanOrEqual(3);
      });
      expect(items.some((item) => item.type === 'page' && item.page === page)).toBe(true);
    }
  });

  it('clamps a page outside the range', () => {
    expect(render(pageItems(50, 8))).toBe('1 … 4 5 6 7 8');
    expect(render(pageItems(-3, 8))).toBe('1 2 3 4 5 … 8');
  });

  it('gives gaps distinct keys', () => {
    const gaps = pageItems(50, 100).filter((item) => item.type === 'gap');
    expect(gaps).toHaveLength(2);
    expect(new Set(gaps.map((gap) => (gap.type === 'gap' ? gap.key : ''))).size).toBe(2);
  });
});

describe('pageItems on phones (no siblings)', () => {
  it('fits five slots', () => {
    expect(render(pageItems(1, 10, 0))).toBe('1 2 3 … 10');
    expect(render(pageItems(5, 10, 0))).toBe('1 … 5 … 10');
    expect(render(pageItems(10, 10, 0))).toBe('1 … 8 9 10');
    expect(render(pageItems(2, 5, 0))).toBe('1 2 3 4 5');
  });
});

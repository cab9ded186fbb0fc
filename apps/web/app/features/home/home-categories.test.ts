import { describe, expect, it } from 'vitest';
import { homeCategories } from './home-categories';

const category = (name: string, product_count: number, is_active = true) => ({ name, product_count, is_active });

describe('homeCategories', () => {
  it('keeps only active categories that have products, in the given order', () => {
    const list = [category('a', 3), category('empty', 0), category('b', 1), category('hidden', 5, false)];
    expect(homeCategories(list).map((c) => c.name)).toEqual(['a', 'b']);
  });

  it('shows at most six', () => {
    const list = Array.from({ length: 9 }, (_, i) => category(`c${i}`, i + 1));
    expect(homeCategories(list).map((c) => c.name)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
  });
});

import { describe, expect, it } from 'vitest';
import { filterCategories, sortCategories } from './categories.js';

const category = (name: string, sort_order: number | null, product_count: number, created_at: string, description: string | null = null) => ({
  name,
  description,
  sort_order,
  product_count,
  created_at,
});

const list = [
  category('كهرمان', 2, 10, '2026-01-03T00:00:00Z', 'سبح الكهرمان البلطيقي'),
  category('يسر', null, 4, '2026-01-01T00:00:00Z'),
  category('عقيق', 1, 7, '2026-01-02T00:00:00Z', 'أحجار كريمة'),
  category('فيروز', 3, 0, '2026-01-04T00:00:00Z'),
];

const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('sortCategories', () => {
  it('sorts by sort_order with a missing order as 999999', () => {
    expect(names(sortCategories(list, 'sort_order', 'asc'))).toEqual(['عقيق', 'كهرمان', 'فيروز', 'يسر']);
    expect(names(sortCategories(list, 'sort_order', 'desc'))).toEqual(['يسر', 'فيروز', 'كهرمان', 'عقيق']);
  });

  it('sorts by product count and by creation date', () => {
    expect(names(sortCategories(list, 'product_count', 'desc'))).toEqual(['كهرمان', 'عقيق', 'يسر', 'فيروز']);
    expect(names(sortCategories(list, 'created_at', 'asc'))).toEqual(['يسر', 'عقيق', 'كهرمان', 'فيروز']);
  });

  it('sorts by Arabic name', () => {
    expect(names(sortCategories(list, 'name', 'asc'))).toEqual(['عقيق', 'فيروز', 'كهرمان', 'يسر']);
  });

  it('sorts by the English name on the English storefront, the Arabic one where there is none', () => {
    const english = [
      { ...list[0]!, name_en: 'Amber' },
      { ...list[1]!, name_en: 'Yusr' },
      { ...list[2]!, name_en: null },
      { ...list[3]!, name_en: 'Turquoise' },
    ];
    expect(names(sortCategories(english, 'name', 'asc', 'en'))).toEqual(['كهرمان', 'فيروز', 'يسر', 'عقيق']);
    expect(names(sortCategories(english, 'name', 'asc', 'ar'))).toEqual(['عقيق', 'فيروز', 'كهرمان', 'يسر']);
    expect(names(sortCategories(english, 'name', 'asc'))).toEqual(['عقيق', 'فيروز', 'كهرمان', 'يسر']);
  });

  it('does not change the input', () => {
    const before = names(list);
    sortCategories(list, 'name', 'desc');
    expect(names(list)).toEqual(before);
  });
});

describe('filterCategories', () => {
  it('searches name and description with Arabic normalisation', () => {
    expect(names(filterCategories(list, 'احجار'))).toEqual(['عقيق']);
    expect(names(filterCategories(list, 'البلطيقى'))).toEqual(['كهرمان']);
    expect(names(filterCategories(list, ''))).toHaveLength(4);
  });

  it('searches the English name and description too, and still the Arabic ones', () => {
    const english = [
      { ...list[0]!, name_en: 'Amber', description_en: 'Baltic amber beads' },
      { ...list[1]!, name_en: null, description_en: null },
      { ...list[2]!, name_en: 'Agate', description_en: null },
    ];
    expect(names(filterCategories(english, 'amber'))).toEqual(['كهرمان']);
    expect(names(filterCategories(english, 'BALTIC beads'))).toEqual(['كهرمان']);
    expect(names(filterCategories(english, 'agate'))).toEqual(['عقيق']);
    expect(names(filterCategories(english, 'كهرمان'))).toEqual(['كهرمان']);
    expect(names(filterCategories(english, 'ruby'))).toEqual([]);
  });
});

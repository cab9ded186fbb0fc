import { describe, expect, it } from 'vitest';
import { categoryAncestors, categoryOptions } from './category-tree';

const base = { description: null, product_count: 0, created_at: '2025-01-01T00:00:00.000Z' };
const categories = [
  { ...base, id: 1, name: 'كهرمان', slug: 'amber', parent_id: null, sort_order: 2 },
  { ...base, id: 2, name: 'يسر', slug: 'yusr', parent_id: null, sort_order: 1 },
  { ...base, id: 3, name: 'كهرمان بلطيقي', slug: 'baltic', parent_id: 1, sort_order: null },
  { ...base, id: 4, name: 'كهرمان مضغوط', slug: 'pressed', parent_id: 1, sort_order: 1 },
  { ...base, id: 5, name: 'قديم', slug: 'old', parent_id: 3, sort_order: 1 },
  { ...base, id: 6, name: 'يتيم', slug: 'orphan', parent_id: 99, sort_order: 3 },
];

describe('categoryOptions', () => {
  it('lists parents before their children, siblings by sort order, with depth', () => {
    expect(categoryOptions(categories).map(({ slug, depth }) => `${depth}:${slug}`)).toEqual([
      '0:yusr',
      '0:amber',
      '1:pressed',
      '1:baltic',
      '2:old',
      '0:orphan',
    ]);
  });
});

describe('categoryOptions names', () => {
  it('carries the English name for the English storefront, null when there is none', () => {
    const named = [
      { ...base, id: 1, name: 'كهرمان', name_en: 'Amber', slug: 'amber', parent_id: null, sort_order: 1 },
      { ...base, id: 2, name: 'يسر', name_en: null, slug: 'yusr', parent_id: null, sort_order: 2 },
      { ...base, id: 3, name: 'عقيق', slug: 'agate', parent_id: null, sort_order: 3 },
    ];
    expect(categoryOptions(named).map(({ name, name_en }) => [name, name_en])).toEqual([
      ['كهرمان', 'Amber'],
      ['يسر', null],
      ['عقيق', null],
    ]);
  });
});

describe('categoryAncestors', () => {
  it('gives the chain outermost first', () => {
    expect(
      categoryAncestors(categories, { parent_id: 3 }).map((category) => category.slug),
    ).toEqual(['amber', 'baltic']);
    expect(categoryAncestors(categories, { parent_id: null })).toEqual([]);
  });

  it('stops on a cycle', () => {
    const looped = [
      { id: 1, parent_id: 2 },
      { id: 2, parent_id: 1 },
    ];
    expect(categoryAncestors(looped, { parent_id: 1 }).length).toBeLessThanOrEqual(2);
  });
});

import { UNKNOWN_CATEGORY_SORT_ORDER } from './constants.js';
import { matchesSearch } from './arabic.js';
import type { SortOrder } from './sorting.js';

export const categorySortFields = ['sort_order', 'name', 'product_count', 'created_at'] as const;
export type CategorySortField = (typeof categorySortFields)[number];

interface SortableCategory {
  name: string;
  description: string | null;
  sort_order: number | null;
  product_count: number;
  created_at: string;
}

function compareBy(field: CategorySortField, a: SortableCategory, b: SortableCategory): number {
  switch (field) {
    case 'sort_order':
      return (
        (a.sort_order ?? UNKNOWN_CATEGORY_SORT_ORDER) - (b.sort_order ?? UNKNOWN_CATEGORY_SORT_ORDER)
      );
    case 'name':
      return a.name.localeCompare(b.name, 'ar');
    case 'product_count':
      return a.product_count - b.product_count;
    case 'created_at':
      return Date.parse(a.created_at) - Date.parse(b.created_at);
  }
}

/** Returns a new array sorted by the field; ties keep a stable order by name. */
export function sortCategories<T extends SortableCategory>(
  categories: readonly T[],
  field: CategorySortField,
  order: SortOrder,
): T[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...categories].sort(
    (a, b) => direction * compareBy(field, a, b) || a.name.localeCompare(b.name, 'ar'),
  );
}

/** Client-side category search over name and description. */
export function filterCategories<T extends SortableCategory>(categories: readonly T[], query: string): T[] {
  const trimmed = query.trim();
  if (!trimmed) return [...categories];
  return categories.filter((category) =>
    matchesSearch(`${category.name} ${category.description ?? ''}`, trimmed),
  );
}

import { UNKNOWN_CATEGORY_SORT_ORDER, type Language } from './constants.js';
import { matchesSearch } from './arabic.js';
import { inLanguage } from './localized.js';
import type { SortOrder } from './sorting.js';

export const categorySortFields = ['sort_order', 'name', 'product_count', 'created_at'] as const;
export type CategorySortField = (typeof categorySortFields)[number];

interface SortableCategory {
  name: string;
  description: string | null;
  /** The English texts, when the shop wrote them. */
  name_en?: string | null;
  description_en?: string | null;
  sort_order: number | null;
  product_count: number;
  created_at: string;
}

/** Compares the names shown in a language (the English name on the English storefront when there is one). */
function compareNames(lang: Language, a: SortableCategory, b: SortableCategory): number {
  return inLanguage(lang, a.name, a.name_en).localeCompare(inLanguage(lang, b.name, b.name_en), lang);
}

function compareBy(
  field: CategorySortField,
  a: SortableCategory,
  b: SortableCategory,
  lang: Language,
): number {
  switch (field) {
    case 'sort_order':
      return (
        (a.sort_order ?? UNKNOWN_CATEGORY_SORT_ORDER) - (b.sort_order ?? UNKNOWN_CATEGORY_SORT_ORDER)
      );
    case 'name':
      return compareNames(lang, a, b);
    case 'product_count':
      return a.product_count - b.product_count;
    case 'created_at':
      return Date.parse(a.created_at) - Date.parse(b.created_at);
  }
}

/**
 * Returns a new array sorted by the field; ties keep a stable order by name. Names compare as
 * shown in `lang` (Arabic unless told).
 */
export function sortCategories<T extends SortableCategory>(
  categories: readonly T[],
  field: CategorySortField,
  order: SortOrder,
  lang: Language = 'ar',
): T[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...categories].sort(
    (a, b) => direction * compareBy(field, a, b, lang) || compareNames(lang, a, b),
  );
}

/** Client-side category search over the names and descriptions, Arabic and English. */
export function filterCategories<T extends SortableCategory>(categories: readonly T[], query: string): T[] {
  const trimmed = query.trim();
  if (!trimmed) return [...categories];
  return categories.filter((category) =>
    matchesSearch(
      [category.name, category.name_en, category.description, category.description_en]
        .filter(Boolean)
        .join(' '),
      trimmed,
    ),
  );
}

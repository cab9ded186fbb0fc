import { HOME_CATEGORY_COUNT } from '@shop/shared';

interface CountedCategory {
  is_active: boolean;
  product_count: number;
}

/** The categories the home page shows: active ones that have products, at most six, in list order. */
export function homeCategories<T extends CountedCategory>(flat: readonly T[], limit: number = HOME_CATEGORY_COUNT): T[] {
  return flat.filter((category) => category.is_active && category.product_count > 0).slice(0, limit);
}

import { sortCategories } from '@shop/shared';

interface TreeCategory {
  id: number;
  name: string;
  name_en?: string | null;
  slug: string;
  description: string | null;
  parent_id: number | null;
  sort_order: number | null;
  product_count: number;
  created_at: string;
}

export interface CategoryOption {
  slug: string;
  name: string;
  /** The English name, shown instead of `name` on the English storefront when there is one. */
  name_en: string | null;
  depth: number;
  product_count: number;
}

/**
 * Categories in tree order (each parent followed by its children, siblings by sort order) with
 * their depth, for a select that shows nesting by indentation. A category whose parent is not in
 * the list is treated as top level, so nothing disappears.
 */
export function categoryOptions(categories: readonly TreeCategory[]): CategoryOption[] {
  const ids = new Set(categories.map((category) => category.id));
  const children = new Map<number | null, TreeCategory[]>();
  for (const category of categories) {
    const parent =
      category.parent_id !== null && ids.has(category.parent_id) ? category.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const options: CategoryOption[] = [];
  const visited = new Set<number>();
  const visit = (parent: number | null, depth: number) => {
    for (const category of sortCategories(children.get(parent) ?? [], 'sort_order', 'asc')) {
      if (visited.has(category.id)) continue;
      visited.add(category.id);
      options.push({
        slug: category.slug,
        name: category.name,
        name_en: category.name_en ?? null,
        depth,
        product_count: category.product_count,
      });
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return options;
}

/** The chain of ancestors of a category, outermost first (the category itself excluded). */
export function categoryAncestors<T extends { id: number; parent_id: number | null }>(
  categories: readonly T[],
  category: { parent_id: number | null },
): T[] {
  const byId = new Map(categories.map((item) => [item.id, item]));
  const chain: T[] = [];
  let parentId = category.parent_id;
  while (parentId !== null && chain.length < categories.length) {
    const parent = byId.get(parentId);
    if (!parent) break;
    chain.unshift(parent);
    parentId = parent.parent_id;
  }
  return chain;
}

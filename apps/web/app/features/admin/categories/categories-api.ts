import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminCategoryDeleteResponse,
  AdminCategoryResponse,
  Category,
  CategoryListResponse,
} from '@shop/shared';
import { adminApi, adminKeys } from '../ui/admin-api';

/** The calls of the categories tab and form. */

/** A category as the back office works with it: no nested lists, the staff counts always there. */
export type CategoryRow = Omit<Category, 'children' | 'products' | 'children_count'> & { children_count: number };

function withCounts({ children: _children, products: _products, children_count, ...category }: Category): CategoryRow {
  return { ...category, children_count: children_count ?? 0 };
}

/**
 * GET /categories?admin=true: every category, active or not, with its product count (every
 * status, directly in it) and its number of direct subcategories. The flat list is used; the
 * screen orders it as a tree itself.
 */
export function adminCategoriesQuery() {
  return queryOptions({
    queryKey: adminKeys.categories,
    queryFn: async () => (await adminApi().get<CategoryListResponse>('/categories', { admin: true })).flat_categories.map(withCounts),
    retry: false,
  });
}

/** GET /categories/:id: one category as staff see it (an inactive one too). */
export function adminCategoryQuery(id: number) {
  return queryOptions({
    queryKey: adminKeys.category(id),
    queryFn: async () => withCounts((await adminApi().get<AdminCategoryResponse>(`/categories/${id}`)).category),
    retry: false,
    // The form starts from what is stored now, not from an older visit.
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /categories (id null) or PUT /categories/:id, multipart. */
export async function saveCategory(id: number | null, body: FormData): Promise<Category> {
  const api = adminApi();
  const reply = id === null ? await api.postForm<AdminCategoryResponse>('/categories', body) : await api.putForm<AdminCategoryResponse>(`/categories/${id}`, body);
  return reply.category;
}

/** DELETE /categories/:id: its products become uncategorised, its subcategories move up. */
export async function deleteCategory(id: number): Promise<AdminCategoryDeleteResponse> {
  return adminApi().delete<AdminCategoryDeleteResponse>(`/categories/${id}`);
}

/** After a write: the list, every open category and the product lists (category names) refresh. */
export function refreshCategories(queryClient: QueryClient): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: adminKeys.products });
  return queryClient.invalidateQueries({ queryKey: adminKeys.categories });
}

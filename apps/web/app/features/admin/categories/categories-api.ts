import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminCategoryDeleteResponse,
  AdminCategoryResponse,
  Category,
  CategoryListResponse,
} from '@shop/shared';
import { dashboardQueryKeys } from '../dashboard/dashboard-api';
import { merchantQueryKeys } from '../merchant/merchant-api';
import { productsQueryKeys } from '../products/products-api';
import { adminApi, adminQueryKeys, useRefresh, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';

/** The calls of the categories tab and form, their query keys and the hooks that write categories. */

const categoryKeysBase = adminQueryKeys('categories');

export const categoriesQueryKeys = {
  ...categoryKeysBase,
  /** The categories the product form offers (its own query, beside the tab's list). */
  options: () => [...categoryKeysBase.all, 'options'] as const,
};

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
    queryKey: categoriesQueryKeys.lists(),
    queryFn: async () => (await adminApi().get<CategoryListResponse>('/categories', { admin: true })).flat_categories.map(withCounts),
    retry: false,
  });
}

/** The categories the product form offers: every one, active or not, as the server sends them. */
export function categoryOptionsQuery() {
  return queryOptions({
    queryKey: categoriesQueryKeys.options(),
    queryFn: async () => (await adminApi().get<CategoryListResponse>('/categories', { admin: 'true' })).flat_categories,
  });
}

/** GET /categories/:id: one category as staff see it (an inactive one too). */
export function adminCategoryQuery(id: number) {
  return queryOptions({
    queryKey: categoriesQueryKeys.detail(id),
    queryFn: async () => withCounts((await adminApi().get<AdminCategoryResponse>(`/categories/${id}`)).category),
    retry: false,
    // The form starts from what is stored now, not from an older visit.
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /categories (id null) or PUT /categories/:id, multipart. */
async function saveCategory(id: number | null, body: FormData): Promise<Category> {
  const api = adminApi();
  const reply = id === null ? await api.postForm<AdminCategoryResponse>('/categories', body) : await api.putForm<AdminCategoryResponse>(`/categories/${id}`, body);
  return reply.category;
}

/** DELETE /categories/:id: its products become uncategorised, its subcategories move up. */
async function deleteCategory(id: number): Promise<AdminCategoryDeleteResponse> {
  return adminApi().delete<AdminCategoryDeleteResponse>(`/categories/${id}`);
}

/**
 * What a category write changes: every category query (the list, the records, the product form's
 * choices); the products, which show their category's name and become uncategorised when it is
 * deleted; the dashboard, whose newest products show their category; and the Merchant tab's
 * status, since a category's products are queued for Google when its path changes.
 */
export function invalidateAfterCategoryWrite(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: categoriesQueryKeys.all }),
    client.invalidateQueries({ queryKey: productsQueryKeys.all }),
    client.invalidateQueries({ queryKey: dashboardQueryKeys.all }),
    client.invalidateQueries({ queryKey: merchantQueryKeys.status() }),
  ]);
}

/** POST or PUT a category (multipart), then refresh what shows it. */
export function useSaveCategory(id: number | null, callbacks?: MutationCallbacks<Category, FormData>) {
  return useResourceMutation((body: FormData) => saveCategory(id, body), invalidateAfterCategoryWrite, callbacks);
}

/** DELETE a category, then refresh what showed it. */
export function useDeleteCategory(callbacks?: MutationCallbacks<AdminCategoryDeleteResponse, CategoryRow>) {
  return useResourceMutation((category: CategoryRow) => deleteCategory(category.id), invalidateAfterCategoryWrite, callbacks);
}

/** Refreshes the categories (a row someone else deleted). */
export function useRefreshCategories(): () => void {
  return useRefresh(invalidateAfterCategoryWrite);
}

import {
  PRODUCT_PAGE_SIZE,
  type AdminAttributeListResponse,
  type AdminProduct,
  type AdminProductResponse,
  type CategoryListResponse,
  type Product,
  type ProductAttributesResponse,
  type ProductListResponse,
  type ProductResponse,
} from '@shop/shared';
import { adminApi, adminKeys } from '../ui/admin-api';
import type { AdminProductSort } from './product-form-rules';

/**
 * The back office's product calls. Every key lives under
 * adminKeys.products, so one invalidation after a write refreshes the list and the forms.
 */

export interface ProductListFilters {
  search: string;
  sort: AdminProductSort;
  order: 'asc' | 'desc';
}

export const productKeys = {
  list: (filters: ProductListFilters) => [...adminKeys.products, 'list', filters] as const,
  one: (id: number) => adminKeys.product(id),
  attributes: (id: number) => [...adminKeys.product(id), 'attributes'] as const,
  /** The categories offered by the form's select (its own key beside the categories tab's). */
  categoryOptions: [...adminKeys.categories, 'product-form-options'] as const,
  /** The attributes and values offered by the form's variation rows. */
  attributeOptions: [...adminKeys.attributes, 'product-form-options'] as const,
};

/**
 * One page of GET /api/products as staff see it: `status=` is sent empty on purpose (every
 * status; without it the server lists published products only, like the storefront).
 */
export function fetchProductPage(filters: ProductListFilters, page: number): Promise<ProductListResponse> {
  const query = new URLSearchParams({
    status: '',
    page: String(page),
    limit: String(PRODUCT_PAGE_SIZE),
    sort: filters.sort,
    order: filters.order,
  });
  const search = filters.search.trim();
  if (search) query.set('search', search);
  return adminApi().get<ProductListResponse>(`/products?${query.toString()}`);
}

export async function fetchProduct(id: number): Promise<Product> {
  const body = await adminApi().get<ProductResponse>(`/products/${id}`);
  return body.product;
}

/** The values the product offers with their surcharge for this product. */
export async function fetchProductAttributes(id: number): Promise<ProductAttributesResponse['attributes']> {
  const body = await adminApi().get<ProductAttributesResponse>(`/products/${id}/attributes`);
  return body.attributes;
}

/** Every category, active or not (GET /api/categories?admin=true, flat_categories). */
export async function fetchCategoryChoices(): Promise<CategoryListResponse['flat_categories']> {
  const body = await adminApi().get<CategoryListResponse>('/categories', { admin: 'true' });
  return body.flat_categories;
}

export async function fetchAttributeChoices(): Promise<AdminAttributeListResponse['attributes']> {
  const body = await adminApi().get<AdminAttributeListResponse>('/simple-attributes');
  return body.attributes;
}

/** POST /api/products (id null) or PUT /api/products/:id with the form's multipart body. */
export async function saveProduct(id: number | null, form: FormData): Promise<AdminProduct> {
  const api = adminApi();
  const body =
    id === null ? await api.postForm<AdminProductResponse>('/products', form) : await api.putForm<AdminProductResponse>(`/products/${id}`, form);
  return body.product;
}

export async function deleteProduct(id: number): Promise<void> {
  await adminApi().delete<{ success: true }>(`/products/${id}`);
}

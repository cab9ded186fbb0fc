import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  STOCK_ALERT_COUNTS_MAX_IDS,
  type StockAlertCountsResponse,
  PRODUCT_IMPORT_FILE_FIELD,
  PRODUCT_PAGE_SIZE,
  type AdminProduct,
  type AdminProductResponse,
  type Product,
  type ProductAttributesResponse,
  type ProductImportRefused,
  type ProductImportResponse,
  type ProductListResponse,
  type ProductResponse,
  type ProductsBulkEditInput,
  type ProductsBulkEditResponse,
  type StockMovementsResponse,
} from '@shop/shared';
import { apiErrorOf, browserDownload, browserUpload } from '../../../lib/api';
import { attributesQueryKeys } from '../attributes/attributes-api';
import { categoriesQueryKeys } from '../categories/categories-api';
import { dashboardQueryKeys } from '../dashboard/dashboard-api';
import { merchantQueryKeys } from '../merchant/merchant-api';
import { adminApi, adminQueryKeys, useRefresh, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';
import type { AdminProductSort } from './product-form-rules';

/** The back office's product calls, their query keys and the hooks that write products. */

export interface ProductListFilters {
  search: string;
  sort: AdminProductSort;
  order: 'asc' | 'desc';
}

const productKeysBase = adminQueryKeys('products');

export const productsQueryKeys = {
  ...productKeysBase,
  /** The values a product offers with their surcharges: part of its detail. */
  attributes: (id: number) => [...productKeysBase.detail(id), 'attributes'] as const,
  /**
   * Its stock history: part of its detail (a save refreshes it), per language (the server
   * names the reasons in it).
   */
  stockMovements: (id: number, lang: string) => [...productKeysBase.detail(id), 'stock-movements', lang] as const,
  /** How many back-in-stock wishes wait for some products: with the lists, so a save refreshes them. */
  waitingStockAlerts: (ids: readonly number[]) => [...productKeysBase.lists(), 'stock-alerts', ids.join(',')] as const,
};

/**
 * GET /api/admin/stock-alerts/waiting for the products shown (STOCK_ALERT_COUNTS_MAX_IDS a call,
 * one grouped query each): product id → wishes waiting; products with none are absent.
 */
export async function fetchWaitingStockAlerts(ids: readonly number[]): Promise<Map<number, number>> {
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += STOCK_ALERT_COUNTS_MAX_IDS) chunks.push(ids.slice(start, start + STOCK_ALERT_COUNTS_MAX_IDS));
  const replies = await Promise.all(
    chunks.map((chunk) => adminApi().get<StockAlertCountsResponse>(`/admin/stock-alerts/waiting?product_ids=${chunk.join(',')}`)),
  );
  return new Map(replies.flatMap((reply) => Object.entries(reply.waiting).map(([id, count]) => [Number(id), count] as const)));
}

export function waitingStockAlertsQuery(ids: readonly number[]) {
  return queryOptions({
    queryKey: productsQueryKeys.waitingStockAlerts(ids),
    queryFn: () => fetchWaitingStockAlerts(ids),
    enabled: ids.length > 0,
  });
}

/** One page of GET /api/admin/products/:id/stock-movements: the product's stock history, newest first. */
export function fetchStockMovements(id: number, page: number): Promise<StockMovementsResponse> {
  return adminApi().get<StockMovementsResponse>(`/admin/products/${id}/stock-movements?page=${page}`);
}

/** GET /api/admin/products/export: every product, drafts included, as the CSV file. */
export function downloadProductsCsv(): Promise<Blob> {
  return browserDownload('/admin/products/export', {}, 'text/csv');
}

/** What an import answers: its rows and summary, applied or not (`success` false: refused, nothing changed). */
export type ProductImportOutcome = ProductImportResponse | ProductImportRefused;

/** How far an import's request is: the share of the file sent, then the server at work. */
export interface ImportProgress {
  onProgress?: (sent: number) => void;
  onSent?: () => void;
}

function isImportOutcome(body: unknown): body is ProductImportOutcome {
  return typeof body === 'object' && body !== null && Array.isArray((body as { rows?: unknown }).rows);
}

/**
 * POST /api/admin/products/import with the file: a dry run (nothing changes) or the import itself.
 * A refusal of rows (422) answers them like a dry run; a refusal of the file throws its ApiError.
 */
export async function importProductsCsv(file: File, dryRun: boolean, progress: ImportProgress = {}): Promise<ProductImportOutcome> {
  const form = new FormData();
  form.append(PRODUCT_IMPORT_FILE_FIELD, file, file.name);
  const reply = await browserUpload(`/admin/products/import${dryRun ? '?dry_run=true' : ''}`, form, progress);
  if ((reply.status === 200 || reply.status === 422) && isImportOutcome(reply.body)) return reply.body;
  throw apiErrorOf(reply);
}

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

async function fetchProduct(id: number): Promise<Product> {
  const body = await adminApi().get<ProductResponse>(`/products/${id}`);
  return body.product;
}

/** The values the product offers with their surcharge for this product. */
async function fetchProductAttributes(id: number): Promise<ProductAttributesResponse['attributes']> {
  const body = await adminApi().get<ProductAttributesResponse>(`/products/${id}/attributes`);
  return body.attributes;
}

/** POST /api/products (id null) or PUT /api/products/:id with the form's multipart body. */
async function saveProduct(id: number | null, form: FormData): Promise<AdminProduct> {
  const api = adminApi();
  const body =
    id === null ? await api.postForm<AdminProductResponse>('/products', form) : await api.putForm<AdminProductResponse>(`/products/${id}`, form);
  return body.product;
}

/** POST /api/products/:id/duplicate: the new draft copy. */
async function duplicateProduct(id: number): Promise<AdminProduct> {
  const body = await adminApi().post<AdminProductResponse>(`/products/${id}/duplicate`);
  return body.product;
}

async function deleteProduct(id: number): Promise<void> {
  await adminApi().delete<{ success: true }>(`/products/${id}`);
}

/**
 * What a product write changes: the product itself and every product list; and, where product
 * data shows elsewhere, those too — never settings, users, cities or the other resources.
 */
export function invalidateAfterProductWrite(client: QueryClient, id: number | null): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: productsQueryKeys.lists() }),
    id === null ? null : client.invalidateQueries({ queryKey: productsQueryKeys.detail(id) }),
    // The dashboard counts products and lists the newest ones and those low in stock.
    client.invalidateQueries({ queryKey: dashboardQueryKeys.all }),
    // The categories and attributes tabs count the products in each category and using each value.
    client.invalidateQueries({ queryKey: categoriesQueryKeys.lists() }),
    client.invalidateQueries({ queryKey: attributesQueryKeys.lists() }),
    // The Merchant tab's picker shows each product's price, stock and status, its form is prefilled
    // from the product, and a save may queue an automatic update (the status's queue figures).
    client.invalidateQueries({ queryKey: merchantQueryKeys.lists() }),
    client.invalidateQueries({ queryKey: merchantQueryKeys.details() }),
    client.invalidateQueries({ queryKey: merchantQueryKeys.status() }),
  ]);
}

/** Every product list again (after a delete that found the product gone already). */
function invalidateProductLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: productsQueryKeys.lists() });
}

/** The product the edit screen shows. */
export function productQuery(id: number) {
  return queryOptions({ queryKey: productsQueryKeys.detail(id), queryFn: () => fetchProduct(id) });
}

/** The values the product offers, for the edit screen. */
export function productAttributesQuery(id: number) {
  return queryOptions({ queryKey: productsQueryKeys.attributes(id), queryFn: () => fetchProductAttributes(id) });
}

/** POST or PUT a product (its form's multipart body), then refresh what shows it. */
export function useSaveProduct(id: number | null, callbacks?: MutationCallbacks<AdminProduct, FormData>) {
  return useResourceMutation((form: FormData) => saveProduct(id, form), (client, saved) => invalidateAfterProductWrite(client, saved.id), callbacks);
}

/** Duplicate a product as a draft (the variable is the original's id), then refresh what shows products. */
export function useDuplicateProduct(callbacks?: MutationCallbacks<AdminProduct, number>) {
  return useResourceMutation((id: number) => duplicateProduct(id), (client, copy) => invalidateAfterProductWrite(client, copy.id), callbacks);
}

/** DELETE a product, then refresh what showed it. */
export function useDeleteProduct(callbacks?: MutationCallbacks<void, Product>) {
  return useResourceMutation((product: Product) => deleteProduct(product.id), (client, _, product) => invalidateAfterProductWrite(client, product.id), callbacks);
}

/** Applies an import (the file and its progress callbacks); once applied, refreshes what shows products. */
export function useApplyProductsImport(callbacks?: MutationCallbacks<ProductImportOutcome, { file: File; progress: ImportProgress }>) {
  return useResourceMutation(
    ({ file, progress }: { file: File; progress: ImportProgress }) => importProductsCsv(file, false, progress),
    (client, outcome) => (outcome.success ? invalidateAfterProductWrite(client, null) : null),
    callbacks,
  );
}

/** Refreshes the product lists (a row someone else deleted). */
export function useRefreshProducts(): () => void {
  return useRefresh(invalidateProductLists);
}

/** POST /api/admin/products/bulk-edit: the preview (dry_run) of one change to many products, or the change applied. */
function postBulkEdit(body: ProductsBulkEditInput): Promise<ProductsBulkEditResponse> {
  return adminApi().post<ProductsBulkEditResponse>('/admin/products/bulk-edit', body);
}

/**
 * The bulk edit: a preview changes nothing; an applied change refreshes every product list and
 * product (and what shows products: the dashboard, the categories' counts, the Merchant tab).
 */
export function useBulkEditProducts(callbacks?: MutationCallbacks<ProductsBulkEditResponse, ProductsBulkEditInput>) {
  return useResourceMutation(
    postBulkEdit,
    (client, reply) =>
      reply.dry_run ? undefined : Promise.all([invalidateAfterProductWrite(client, null), client.invalidateQueries({ queryKey: productsQueryKeys.details() })]),
    callbacks,
  );
}

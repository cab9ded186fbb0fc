/** Sort fields and directions of the product list (kept free of zod so pages can import them cheaply). */
/** `id` is the back office's default order (newest id first); the storefront's stays created_at. */
export const productSortFields = ['created_at', 'name', 'price', 'id'] as const;
export type ProductSortField = (typeof productSortFields)[number];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

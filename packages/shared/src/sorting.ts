/** Sort fields and directions of the product list (kept free of zod so pages can import them cheaply). */
export const productSortFields = ['created_at', 'name', 'price'] as const;
export type ProductSortField = (typeof productSortFields)[number];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

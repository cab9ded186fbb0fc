/**
 * The catalog module's public face: what the other modules, the composition root (services.ts,
 * routes.ts, app.ts) and code outside the module use of it. Every other file in this folder is
 * the module's own; lint refuses an import that reaches past this file (docs/decisions/042).
 */
export { attributeRoutes } from './admin-attributes-routes.js';
export { createAttributesAdminService } from './admin-attributes.js';
export { adminCategoryRoutes } from './admin-categories-routes.js';
export { createAdminCategoriesService } from './admin-categories.js';
export { adminProductRoutes } from './admin-products-routes.js';
export { createAdminProductsService } from './admin-products.js';
export { etagMatches } from './http-cache.js';
export { createPricingService } from './pricing.js';
export type { PriceLineInput, PricedLine, PricingService } from './pricing.js';
export { productCategories } from './product-categories.js';
export type { ProductCategory } from './product-categories.js';
export { productNames } from './product-names.js';
export type { ProductName } from './product-names.js';
export { productImagesJson } from './product-rows.js';
export type { ImageRow } from './product-rows.js';
export { setProductReviewFigures } from './review-figures.js';
export type { ProductReviewFigures } from './review-figures.js';
export { catalogRoutes } from './routes.js';
export { createCatalogService } from './service.js';
export type { CatalogService, ProductListFilter } from './service.js';
export { lowStockProducts, productCount, recentProducts } from './stock-report.js';
export { subscribeCatalog } from './subscribers.js';
export { subscribeStockLedger } from './stock-ledger.js';

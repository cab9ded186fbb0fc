/**
 * The search module's public face: what the other modules, the composition root (services.ts,
 * routes.ts, app.ts) and code outside the module use of it. Every other file in this folder is
 * the module's own; lint refuses an import that reaches past this file (docs/decisions/042).
 */
export { searchSynonymRoutes } from './admin-synonyms-routes.js';
export { createSynonymsAdminService } from './admin-synonyms.js';
export { createSearchService, indexFilter } from './search-service.js';
export type { SearchServiceOptions } from './search-service.js';
export type { PageBound } from './search-sql.js';
export type { ProductQueries, SearchFilter } from './search-statements.js';

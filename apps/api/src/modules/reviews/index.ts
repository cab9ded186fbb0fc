/**
 * The reviews module's public face: what the other modules, the composition root (services.ts,
 * routes.ts, app.ts) and code outside the module use of it. Every other file in this folder is
 * the module's own; lint refuses an import that reaches past this file (docs/decisions/042).
 */
export { adminReviewsRoutes } from './admin-routes.js';
export { reviewsRoutes } from './routes.js';
export { createReviewsService } from './service.js';
export type { ReviewsService } from './service.js';

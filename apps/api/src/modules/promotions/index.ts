/**
 * The promotions module's public face: what the other modules, the composition root (services.ts,
 * routes.ts, app.ts) and code outside the module use of it. Every other file in this folder is
 * the module's own; lint refuses an import that reaches past this file (docs/decisions/042).
 */
export { adminPromotionRoutes } from './admin-promotions-routes.js';
export { createAdminPromotionsService } from './admin-promotions.js';
export { promotionsRoutes } from './routes.js';
export { createPromotionsService, customerOrdersWithCode } from './service.js';
export type { PromoCustomer, PromotionsService } from './service.js';

/**
 * The merchant module's public face: what the other modules, the composition root (services.ts,
 * routes.ts, app.ts) and code outside the module use of it. Every other file in this folder is
 * the module's own; lint refuses an import that reaches past this file (docs/decisions/042).
 */
export { createMerchantCatalogue } from './catalogue.js';
export { merchantFeedRoutes } from './feed-routes.js';
export { createMerchantFeed, merchantFeedIdentifiers } from './feed.js';
export { merchantRoutes } from './routes.js';
export { createMerchantService } from './service.js';
export { subscribeMerchant } from './subscribers.js';

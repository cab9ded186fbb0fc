/**
 * The content module's public face: what the other modules, the composition root (services.ts,
 * routes.ts, app.ts) and code outside the module use of it. Every other file in this folder is
 * the module's own; lint refuses an import that reaches past this file (docs/decisions/042).
 */
export { contentRoutes } from './routes.js';
export { createContentService } from './service.js';
export { createPagesService } from './pages.js';
export { subscribePages } from './subscribers.js';

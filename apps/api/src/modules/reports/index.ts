/**
 * The reports module's public face: what the composition root (services.ts, routes.ts) uses of
 * it. Every other file in this folder is the module's own; lint refuses an import that reaches
 * past this file (docs/decisions/042).
 */
export { reportsRoutes } from './routes.js';
export { createReportsService } from './service.js';
export type { ReportsService } from './service.js';

/**
 * The notifications module's public face: what the other modules, the composition root (services.ts,
 * routes.ts, app.ts) and code outside the module use of it. Every other file in this folder is
 * the module's own; lint refuses an import that reaches past this file (docs/decisions/042).
 */
export { emailAssetRoutes } from './email-assets.js';
export { isShippingUpdate } from './order-status-email.js';
export { createNotificationsService } from './service.js';
export type { NotificationsService, UnsubscribeLinks } from './service.js';
export type { LateCaptureOutcome } from './staff-payment-alert-email.js';

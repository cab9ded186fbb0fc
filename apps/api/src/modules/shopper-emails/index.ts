/**
 * The shopper-emails module's public face (docs/decisions/042): back-in-stock wishes, the cart
 * reminder and their unsubscribe links (docs/decisions/063). Every other file in this folder is
 * the module's own; lint refuses an import that reaches past this file.
 */
export { shopperEmailsRoutes } from './routes.js';
export { createShopperEmails } from './service.js';
export type { ShopperEmails } from './service.js';
export { subscribeStockAlerts } from './subscribers.js';

/**
 * The cart module's public face: what the other modules, the composition root (services.ts,
 * routes.ts, app.ts) and code outside the module use of it. Every other file in this folder is
 * the module's own; lint refuses an import that reaches past this file (docs/decisions/042).
 */
export { cartCookieToken, clearCartCookie, requestCartOwner, requestCartOwnerWithCookie } from './cookie.js';
export { CART_ADD_RATE_LIMIT, cartReply, cartRoutes, selectedVariations } from './routes.js';
export { createCartService, selectionKey } from './service.js';
export type { CartOwner, CartService } from './service.js';
export { claimIdleCarts } from './idle-carts.js';
export type { ClaimedCart } from './idle-carts.js';

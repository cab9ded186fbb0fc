import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './modules/accounts/index.js';
import { cartRoutes } from './modules/cart/index.js';
import {
  adminCategoryRoutes,
  adminProductRoutes,
  attributeRoutes,
  catalogRoutes,
} from './modules/catalog/index.js';
import { contentRoutes } from './modules/content/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { reportsRoutes } from './modules/reports/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { adminLocationsRoutes, locationsRoutes } from './modules/locations/index.js';
import { newOrderAlertsRoutes, ordersRoutes } from './modules/orders/index.js';
import { paymentsRoutes } from './modules/payments/index.js';
import { adminPromotionRoutes, promotionsRoutes } from './modules/promotions/index.js';
import { searchSynonymRoutes } from './modules/search/index.js';
import { settingsRoutes } from './modules/settings/index.js';
import { adminUserRoutes } from './modules/users/index.js';
import { merchantRoutes } from './modules/merchant/index.js';
import { wishlistRoutes } from './modules/wishlist/index.js';
import { adminReviewsRoutes, reviewsRoutes } from './modules/reviews/index.js';
import { shopperEmailsRoutes } from './modules/shopper-emails/index.js';

/** Every route of the JSON API, mounted under /api. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(accountsRoutes);
  await app.register(catalogRoutes);
  await app.register(adminCategoryRoutes);
  await app.register(adminProductRoutes);
  await app.register(cartRoutes);
  await app.register(wishlistRoutes);
  await app.register(settingsRoutes);
  await app.register(contentRoutes);
  await app.register(locationsRoutes);
  await app.register(adminLocationsRoutes);
  await app.register(promotionsRoutes);
  await app.register(adminPromotionRoutes);
  await app.register(ordersRoutes);
  await app.register(newOrderAlertsRoutes);
  await app.register(paymentsRoutes);
  await app.register(attributeRoutes);
  await app.register(searchSynonymRoutes);
  await app.register(dashboardRoutes);
  await app.register(reportsRoutes);
  await app.register(auditRoutes);
  await app.register(adminUserRoutes);
  await app.register(merchantRoutes);
  await app.register(reviewsRoutes);
  await app.register(adminReviewsRoutes);
  await app.register(shopperEmailsRoutes);
}

import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './modules/accounts/routes.js';
import { cartRoutes } from './modules/cart/routes.js';
import { attributeRoutes } from './modules/catalog/admin-attributes-routes.js';
import { adminProductRoutes } from './modules/catalog/admin-products-routes.js';
import { adminCategoryRoutes } from './modules/catalog/admin-categories-routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { contentRoutes } from './modules/content/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { adminLocationsRoutes } from './modules/locations/admin-cities-routes.js';
import { locationsRoutes } from './modules/locations/routes.js';
import { ordersRoutes } from './modules/orders/routes.js';
import { paymentsRoutes } from './modules/payments/routes.js';
import { adminPromotionRoutes } from './modules/promotions/admin-promotions-routes.js';
import { promotionsRoutes } from './modules/promotions/routes.js';
import { searchSynonymRoutes } from './modules/search/admin-synonyms-routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { adminUserRoutes } from './modules/users/admin-users-routes.js';
import { merchantRoutes } from './modules/merchant/routes.js';

/** Every route of the JSON API, mounted under /api. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(accountsRoutes);
  await app.register(catalogRoutes);
  await app.register(adminCategoryRoutes);
  await app.register(adminProductRoutes);
  await app.register(cartRoutes);
  await app.register(settingsRoutes);
  await app.register(contentRoutes);
  await app.register(locationsRoutes);
  await app.register(adminLocationsRoutes);
  await app.register(promotionsRoutes);
  await app.register(adminPromotionRoutes);
  await app.register(ordersRoutes);
  await app.register(paymentsRoutes);
  await app.register(attributeRoutes);
  await app.register(searchSynonymRoutes);
  await app.register(dashboardRoutes);
  await app.register(auditRoutes);
  await app.register(adminUserRoutes);
  await app.register(merchantRoutes);
}

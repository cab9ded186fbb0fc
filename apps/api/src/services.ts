import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { createCartService } from './modules/cart/service.js';
import { createCatalogService } from './modules/catalog/service.js';
import { createContentService } from './modules/content/service.js';
import { createLocationsService } from './modules/locations/service.js';
import { createPromotionsService } from './modules/promotions/service.js';
import { createSettingsService } from './modules/settings/service.js';

/** The business services, built once per process and shared by the route modules. */
export function createServices(db: Database, config: AppConfig) {
  return {
    catalog: createCatalogService(db, { listCacheTtlMs: config.catalogCacheTtlMs }),
    // Pricing reads the catalogue directly, never its listing cache.
    cart: createCartService(db, {
      catalog: createCatalogService(db, { listCacheTtlMs: 0 }),
      sessionSecret: config.sessionSecret,
    }),
    settings: createSettingsService(db, { cacheTtlMs: config.catalogCacheTtlMs }),
    content: createContentService(db),
    locations: createLocationsService(db),
    promotions: createPromotionsService(db),
  };
}

export type Services = ReturnType<typeof createServices>;

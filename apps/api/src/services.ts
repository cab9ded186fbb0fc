import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { createCatalogService } from './modules/catalog/service.js';
import { createContentService } from './modules/content/service.js';
import { createSettingsService } from './modules/settings/service.js';

/** The business services, built once per process and shared by the route modules. */
export function createServices(db: Database, config: AppConfig) {
  return {
    catalog: createCatalogService(db, { listCacheTtlMs: config.catalogCacheTtlMs }),
    settings: createSettingsService(db, { cacheTtlMs: config.catalogCacheTtlMs }),
    content: createContentService(db),
  };
}

export type Services = ReturnType<typeof createServices>;

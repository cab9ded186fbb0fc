import type { Database } from '../../db/client.js';

export function createCatalogService(_db: Database) {
  return {};
}

export type CatalogService = ReturnType<typeof createCatalogService>;

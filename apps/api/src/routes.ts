import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './modules/catalog/routes.js';
import { contentRoutes } from './modules/content/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';

/** Every route of the JSON API, mounted under /api. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(catalogRoutes);
  await app.register(settingsRoutes);
  await app.register(contentRoutes);
}

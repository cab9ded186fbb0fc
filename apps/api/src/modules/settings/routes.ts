import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, settingsResponseSchema } from '@shop/shared';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = app.services;

  routes.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Store settings shown by the storefront',
        response: { 200: settingsResponseSchema, 500: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, settings: await settings.getSettings() };
    },
  );
}

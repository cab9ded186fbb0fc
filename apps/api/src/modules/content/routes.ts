import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, slideListResponseSchema } from '@shop/shared';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { content } = app.services;

  routes.get(
    '/slider',
    {
      schema: {
        tags: ['content'],
        summary: 'Active home-page slides, in display order',
        response: { 200: slideListResponseSchema, 500: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, slides: await content.listActiveSlides() };
    },
  );
}

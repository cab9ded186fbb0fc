import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminReviewListQuerySchema,
  adminReviewListResponseSchema,
  adminReviewResponseSchema,
  adminReviewUpdateSchema,
  idParamsSchema,
} from '@shop/shared';
import { actorOf, JSON_WRITE_ROUTE_FAILURES, QUERY_ROUTE_FAILURES } from '../../lib/admin-form.js';

const MODERATE = { permission: 'reviews.moderate' } as const;

/** The back office's Reviews screen: the list by status and the moderation of one review. */
export async function adminReviewsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { reviews } = app.services;
  const tags = ['back office: reviews'];

  routes.get(
    '/admin/reviews',
    {
      config: MODERATE,
      schema: {
        tags,
        summary: 'Reviews to moderate: one status or all, pending first, newest first',
        description: '20 a page (`page`); `pending_count` is how many wait in all.',
        querystring: adminReviewListQuerySchema,
        response: { 200: adminReviewListResponseSchema, ...QUERY_ROUTE_FAILURES },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await reviews.listForStaff(request.query)) };
    },
  );

  routes.put(
    '/admin/reviews/:id',
    {
      config: MODERATE,
      schema: {
        tags,
        summary: "Approve or reject a review, or write the shop's public reply",
        description:
          '`status` (pending, approved, rejected) and/or `reply` (≤ 2,000; blank removes it). ' +
          "Approving or withdrawing one updates the product's average and count at once; each " +
          'moderation is in the activity trail.',
        params: idParamsSchema,
        body: adminReviewUpdateSchema,
        response: { 200: adminReviewResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      review: await reviews.moderate(actorOf(request), request.params.id, request.body),
    }),
  );
}

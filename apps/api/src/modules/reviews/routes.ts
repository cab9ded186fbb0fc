import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiMessage,
  errorResponseSchema,
  productIdParamsSchema,
  productReviewsResponseSchema,
  reviewCreateSchema,
  reviewCreatedResponseSchema,
  reviewEligibilityResponseSchema,
  reviewListQuerySchema,
} from '@shop/shared';
import { requireUser } from '../../plugins/auth.js';

/** Reviews a client address may send in ten minutes: a shopper's few, never a flood. */
const REVIEW_WRITE_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 };
/** Eligibility answers per client address a minute: a page view asks once. */
const REVIEW_ELIGIBILITY_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/** The storefront's reviews: read the approved ones, ask whether one may write, write one. */
export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { reviews } = app.services;
  const tags = ['reviews'];

  routes.get(
    '/products/:id/reviews',
    {
      schema: {
        tags,
        summary: "A product's approved reviews, newest first, with their average and count",
        description:
          'Five a page (`page`, from 1). Each reviewer is shown by first name and initial only; ' +
          "`reply` is the shop's public answer. 404 for a product the storefront does not sell.",
        params: productIdParamsSchema,
        querystring: reviewListQuerySchema,
        response: {
          200: productReviewsResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          500: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await reviews.listApproved(request.params.id, request.query.page)),
    }),
  );

  routes.get(
    '/products/:id/reviews/eligibility',
    {
      config: { session: 'optional', rateLimit: REVIEW_ELIGIBILITY_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Whether the signed-in shopper may review the product',
        description:
          'Asked by the browser after the page has loaded, so the public page stays the same for ' +
          'everyone. `reason`: sign_in (no session), not_a_buyer (no delivered order of it), ' +
          'already_reviewed (with `own_review` and its status).',
        params: productIdParamsSchema,
        response: {
          200: reviewEligibilityResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
          500: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const user = request.user?.user;
      const reviewer = user ? { id: user.id, name: user.name } : null;
      return { success: true as const, ...(await reviews.eligibility(reviewer, request.params.id)) };
    },
  );

  routes.post(
    '/products/:id/reviews',
    {
      config: { session: 'required', rateLimit: REVIEW_WRITE_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Review a product you received: it waits for the shop to approve it',
        description:
          '`rating` 1–5 (whole stars), optional `title` (≤ 120) and `body` (≤ 2,000), no control ' +
          'characters. Only a customer with a delivered order of the product (403 otherwise), ' +
          'once per product (409).',
        params: productIdParamsSchema,
        body: reviewCreateSchema,
        response: {
          201: reviewCreatedResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
          500: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const review = await reviews.create({ id: user.id, name: user.name }, request.params.id, request.body);
      reply.code(201);
      return { success: true as const, review, message: apiMessage('reviews.received', request.lang) };
    },
  );
}

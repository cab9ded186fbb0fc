import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  wishlistAddBodySchema,
  wishlistIdsResponseSchema,
  wishlistProductParamsSchema,
  wishlistResponseSchema,
} from '@shop/shared';
import { requestWishlistOwner, setWishlistCookie } from './cookie.js';

/** Changes per client address per minute: plenty for a shopper tapping hearts, not for a script. */
const WISHLIST_WRITE_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

const errors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  /** A JSON body over the size limit, or a body of another content type. */
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};

export async function wishlistRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { wishlist } = app.services;

  // Every reply depends on who asks: no shared cache may keep it.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  /** A change's answer: the new list's ids, written into a guest's cookie. */
  function changed(request: FastifyRequest, reply: FastifyReply, ids: number[]) {
    if (!request.user) setWishlistCookie(request, reply, ids);
    return { success: true as const, product_ids: ids };
  }

  routes.get(
    '/wishlist',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['wishlist'],
        summary: "The shopper's wishlist: the kept products the shop sells now, newest first",
        description:
          "A signed-in customer's list is kept with the account; a guest's in a signed cookie, which " +
          'joins the account at login or registration. Hidden and deleted products are left out.',
        response: { 200: wishlistResponseSchema, 500: errors[500] },
      },
    },
    async (request) => {
      const owner = requestWishlistOwner(request);
      const products = await wishlist.products(owner, request.lang);
      return { success: true as const, products, product_ids: products.map((product) => product.id) };
    },
  );

  routes.get(
    '/wishlist/ids',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['wishlist'],
        summary: "The ids of the wishlist's products (the hearts and the header's count)",
        response: { 200: wishlistIdsResponseSchema, 500: errors[500] },
      },
    },
    async (request) => ({
      success: true as const,
      product_ids: await wishlist.productIds(requestWishlistOwner(request)),
    }),
  );

  routes.post(
    '/wishlist',
    {
      config: { session: 'optional', rateLimit: WISHLIST_WRITE_RATE_LIMIT },
      schema: {
        tags: ['wishlist'],
        summary: 'Keep a product in the wishlist (once; a published product, else 404)',
        description: 'At most WISHLIST_MAX_PRODUCTS (50) products: one more is refused with 409.',
        body: wishlistAddBodySchema,
        response: { 200: wishlistIdsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { ids } = await wishlist.add(requestWishlistOwner(request), request.body.product_id);
      return changed(request, reply, ids);
    },
  );

  routes.delete(
    '/wishlist/:product_id',
    {
      config: { session: 'optional', rateLimit: WISHLIST_WRITE_RATE_LIMIT },
      schema: {
        tags: ['wishlist'],
        summary: 'Take a product out of the wishlist (no error when it was not there)',
        params: wishlistProductParamsSchema,
        response: {
          200: wishlistIdsResponseSchema,
          400: errors[400],
          413: errors[413],
          415: errors[415],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request, reply) => {
      const { ids } = await wishlist.remove(requestWishlistOwner(request), request.params.product_id);
      return changed(request, reply, ids);
    },
  );
}

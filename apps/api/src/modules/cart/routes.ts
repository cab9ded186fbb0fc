import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiMessage,
  cartAddBodySchema,
  cartPromoCodeBodySchema,
  cartCountResponseSchema,
  cartLineParamsSchema,
  cartResponseSchema,
  cartUpdateBodySchema,
  currencySymbolFor,
  errorResponseSchema,
  fromThousandths,
  PROMO_RATE_LIMIT_PER_MINUTE,
  type CartAddBody,
  type CartResponse,
} from '@shop/shared';
import {
  CART_COOKIE,
  cartCookieToken as cookieToken,
  requestCartOwner as cartOwner,
  setCartCookie,
} from './cookie.js';
import { newCartToken, type CartView } from './service.js';

export { CART_COOKIE };

/** Adds per client address per minute: plenty for a shopper, not for a script filling carts. */
export const CART_ADD_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

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

/** The chosen variation id per attribute id, from either form the contract accepts. */
export function selectedVariations(
  input: CartAddBody['selected_attributes'],
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(input).map(([attributeId, choice]) => [
      attributeId,
      typeof choice === 'number' ? choice : choice.variation_id,
    ]),
  );
}

/** Setting the cart's promo code: the same per-address limit as validating a code (guessing is slow). */
export const CART_PROMO_RATE_LIMIT = { max: PROMO_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };

/**
 * The store's currency symbol in the reply's language ("د.ك" for the default in Arabic), for a
 * minimum-order notice, as the error handler gives it to the same message in a refusal.
 */
async function currencySymbol(request: FastifyRequest): Promise<string> {
  try {
    return currencySymbolFor((await request.server.services.settings.getSettings()).currency_symbol, request.lang);
  } catch (error) {
    request.log.warn({ err: error }, 'store currency unavailable for a promo notice');
    return currencySymbolFor(null, request.lang);
  }
}

/** The cart in the reply's shape; a dropped code's refusal in the request's language. */
export async function cartReply(request: FastifyRequest, view: CartView): Promise<CartResponse> {
  const { promo_notice: notice, ...rest } = view;
  const fees = await request.server.services.locations.shippingFeeRange();
  const shipping_fees = fees && {
    lowest: fromThousandths(fees.lowest),
    highest: fromThousandths(fees.highest),
  };
  if (notice === null) return { success: true, ...rest, promo_notice: null, shipping_fees };
  const { refusal } = notice;
  const params = apiMessage(refusal.messageKey, 'en').includes('{currency}')
    ? { currency: await currencySymbol(request), ...refusal.params }
    : refusal.params;
  return {
    success: true,
    ...rest,
    promo_notice: {
      code: notice.code,
      message: apiMessage(refusal.messageKey, request.lang, params),
    },
    shipping_fees,
  };
}

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { cart } = app.services;

  // Every reply depends on the shopper's cookie: no shared cache may keep it.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  routes.get(
    '/cart',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['cart'],
        summary: "The shopper's cart, priced now",
        response: { 200: cartResponseSchema, 500: errors[500] },
      },
    },
    async (request) => cartReply(request, await cart.view(cartOwner(request))),
  );

  routes.get(
    '/cart/count',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['cart'],
        summary: 'Number of pieces in the cart',
        response: { 200: cartCountResponseSchema, 500: errors[500] },
      },
    },
    async (request) => ({
      success: true as const,
      item_count: await cart.count(cartOwner(request)),
    }),
  );

  routes.post(
    '/cart/add',
    {
      config: { session: 'optional', rateLimit: CART_ADD_RATE_LIMIT },
      schema: {
        tags: ['cart'],
        summary: 'Add a product with its chosen variations (joins an equal line)',
        body: cartAddBodySchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const line = {
        product_id: request.body.product_id,
        quantity: request.body.quantity,
        selected: selectedVariations(request.body.selected_attributes),
      };
      if (request.user) {
        return cartReply(
          request,
          await cart.add({ kind: 'user', userId: request.user.user.id }, line),
        );
      }
      // A guest without a valid cookie starts a new cart; the cookie is (re)sent on every add.
      const token = cookieToken(request) ?? newCartToken();
      const updated = await cart.add({ kind: 'guest', token }, line);
      setCartCookie(reply, token);
      return cartReply(request, updated);
    },
  );

  routes.put(
    '/cart/update/:id',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['cart'],
        summary: "Set a cart line's quantity",
        params: cartLineParamsSchema,
        body: cartUpdateBodySchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request) =>
      cartReply(
        request,
        await cart.updateQuantity(cartOwner(request), request.params.id, request.body.quantity),
      ),
  );

  routes.delete(
    '/cart/remove/:id',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['cart'],
        summary: 'Remove a cart line',
        params: cartLineParamsSchema,
        response: { 200: cartResponseSchema, 400: errors[400], 404: errors[404], 500: errors[500] },
      },
    },
    async (request) =>
      cartReply(request, await cart.removeLine(cartOwner(request), request.params.id)),
  );

  routes.delete(
    '/cart/clear',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['cart'],
        summary: 'Empty the cart',
        response: { 200: cartResponseSchema, 500: errors[500] },
      },
    },
    async (request) => cartReply(request, await cart.clear(cartOwner(request))),
  );

  routes.put(
    '/cart/promo-code',
    {
      config: { session: 'optional', rateLimit: CART_PROMO_RATE_LIMIT },
      schema: {
        tags: ['cart'],
        summary:
          "Apply a promo code to the cart: checked against the cart's subtotal and kept with the cart (used up only by the order)",
        body: cartPromoCodeBodySchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request) =>
      cartReply(request, await cart.setPromoCode(cartOwner(request), request.body.code)),
  );

  routes.delete(
    '/cart/promo-code',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['cart'],
        summary: 'Take the promo code out of the cart',
        response: { 200: cartResponseSchema, 500: errors[500] },
      },
    },
    async (request) => cartReply(request, await cart.removePromoCode(cartOwner(request))),
  );
}

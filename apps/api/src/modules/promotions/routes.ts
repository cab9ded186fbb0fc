import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiMessage,
  errorResponseSchema,
  fromThousandths,
  PROMO_RATE_LIMIT_PER_MINUTE,
  promoApplyBodySchema,
  promoResultResponseSchema,
  promoValidateBodySchema,
  toThousandths,
  type Language,
  type PromoResultResponse,
} from '@shop/shared';
import type { PromoCustomer, PromoDiscount } from './service.js';

/** Both routes take a JSON body, which can be too large (413) or of another content type (415). */
const errors = {
  400: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};

// Guessing codes is cheap; a per-IP limit makes it slow.
const rateLimit = { max: PROMO_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };

function presentDiscount(result: PromoDiscount, lang: Language): PromoResultResponse {
  return {
    success: true,
    code: result.code,
    discount: fromThousandths(result.discount),
    discount_type: result.discount_type,
    discount_value:
      result.discount_type === 'percentage'
        ? result.discount_value
        : fromThousandths(result.discount_value),
    once_per_customer: result.once_per_customer,
    message: apiMessage('promo.applied', lang),
  };
}

/**
 * Who asks, for once-per-customer codes: the signed-in customer's account (and its e-mail unless
 * another is given) and the e-mail and phone the shopper typed. The answer is only whether this
 * code applies to them, as the order itself would say; no other order's data is shown.
 */
function requestCustomer(
  request: FastifyRequest,
  body: { email?: string | undefined; phone?: string | undefined },
): PromoCustomer {
  const account = request.user?.user;
  return {
    userId: account?.id ?? null,
    email: body.email || account?.email,
    phone: body.phone,
  };
}

export async function promotionsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { promotions } = app.services;

  routes.post(
    '/promo-codes/validate',
    {
      config: { session: 'optional', rateLimit },
      schema: {
        tags: ['promotions'],
        summary: 'The discount a promo code gives on a cart subtotal (the code is not used up)',
        body: promoValidateBodySchema,
        response: { 200: promoResultResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { code, total } = request.body;
      const result = await promotions.validatePromoCode(
        code,
        toThousandths(total),
        new Date(),
        requestCustomer(request, request.body),
      );
      return presentDiscount(result, request.lang);
    },
  );

  routes.post(
    '/promo-codes/apply',
    {
      config: { session: 'optional', rateLimit },
      schema: {
        tags: ['promotions'],
        summary:
          'The discount a promo code gives on an order amount (the code is used up only by placing the order)',
        body: promoApplyBodySchema,
        response: { 200: promoResultResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { code, orderAmount } = request.body;
      const result = await promotions.validatePromoCode(
        code,
        toThousandths(orderAmount),
        new Date(),
        requestCustomer(request, request.body),
      );
      return presentDiscount(result, request.lang);
    },
  );
}

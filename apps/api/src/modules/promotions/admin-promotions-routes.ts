import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPromoCodeBodySchema,
  adminPromoCodeDeleteResponseSchema,
  adminPromoCodeListResponseSchema,
  adminPromoCodeParamsSchema,
  adminPromoCodeResponseSchema,
  apiMessage,
} from '@shop/shared';
import {
  actorOf,
  ADMIN_ROUTE_FAILURES,
  ID_ROUTE_FAILURES,
  JSON_WRITE_ROUTE_FAILURES,
} from '../../lib/admin-form.js';

const MANAGE = { permission: 'promotions.manage' } as const;

/**
 * The back office's promo codes. Writes take a JSON body;
 * a taken code is 409.
 */
export async function adminPromotionRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { adminPromotions: service } = app.services;
  const tags = ['back office: promo codes'];
  const bodyDescription =
    'Fields: code (trimmed and upper-cased; 3 to 30 of A-Z and 0-9; unique), description ' +
    '(required), discount_type (percentage or fixed; default percentage), discount_value ' +
    '(whole percent 1 to 100, or a decimal amount above 0), min_order_amount (decimal ≥ 0 or ' +
    'null), max_uses (whole number ≥ 1 or null), valid_from and valid_until (YYYY-MM-DD or ' +
    'null: whole days in Kuwait time, the end on or after the start), is_active (default ' +
    'true), once_per_customer (default false).';

  routes.get(
    '/promo-codes',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Every promo code, newest first, with its state now',
        response: { 200: adminPromoCodeListResponseSchema, ...ADMIN_ROUTE_FAILURES },
      },
    },
    async () => ({ success: true as const, promo_codes: await service.list() }),
  );

  routes.post(
    '/promo-codes',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Create a promo code',
        description: bodyDescription,
        body: adminPromoCodeBodySchema,
        response: { 201: adminPromoCodeResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request, reply) => {
      const promoCode = await service.create(actorOf(request), request.body);
      reply.code(201);
      return { success: true as const, promo_code: promoCode };
    },
  );

  routes.get(
    '/promo-codes/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'One promo code',
        params: adminPromoCodeParamsSchema,
        response: { 200: adminPromoCodeResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      promo_code: await service.get(request.params.id),
    }),
  );

  routes.put(
    '/promo-codes/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Change a promo code: the whole form, as for a new one (its uses stay)',
        description: `${bodyDescription} max_uses may not go below the uses already made.`,
        params: adminPromoCodeParamsSchema,
        body: adminPromoCodeBodySchema,
        response: { 200: adminPromoCodeResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      promo_code: await service.update(actorOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/promo-codes/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Delete a promo code (orders that used it keep its text)',
        params: adminPromoCodeParamsSchema,
        response: { 200: adminPromoCodeDeleteResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return {
        success: true as const,
        id: request.params.id,
        message: apiMessage('promotions.deleted', request.lang),
      };
    },
  );
}

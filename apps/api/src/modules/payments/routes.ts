import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  paymentNotifyResponseSchema,
  paymentVerifyBodySchema,
  paymentVerifyResponseSchema,
} from '@shop/shared';

/** Result screens asking per client address: generous for a shopper, tight for a prober. */
export const PAYMENT_VERIFY_RATE_LIMIT = { max: 20, timeWindow: 60_000 };
/** Largest notification body read (UPayments sends a few short fields). */
const NOTIFY_BODY_LIMIT = 16 * 1024;

/** Any value: a field the service cannot use is ignored, never refused (the reply is always 200). */
const notifyField = z.unknown().optional();

/**
 * What UPayments posts to the notification URL (the redirect query's fields): only
 * requested_order_id and track_id are read, and only to find the payment to verify. Other fields
 * are accepted and ignored. A body that is not a set of fields at all (malformed JSON, a JSON
 * array) is a 400.
 */
const notifyBodySchema = z
  .object({
    requested_order_id: notifyField,
    track_id: notifyField,
    payment_id: notifyField,
    result: notifyField,
  })
  .catchall(z.unknown());

/**
 * Online payment (contracts/payments.ts): the result screen's verification and
 * UPayments' notification. Both only trigger a server-side status call; neither trusts its input.
 */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { payments } = app.services;

  // UPayments posts its notification form-encoded, not as JSON: read here only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    },
  );

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  routes.post(
    '/payments/upayments/verify',
    {
      config: { rateLimit: PAYMENT_VERIFY_RATE_LIMIT },
      schema: {
        tags: ['payments'],
        summary: "Verify an online order's payment with UPayments (the payment result screen)",
        description:
          'Send order_number (from pendingOrder) and whatever the return address carried (track_id, ' +
          'payment_id, requested_order_id, result). The server asks UPayments itself; `result` is ' +
          'ignored. payment_status awaiting_payment: not decided yet (check again later); paid; ' +
          'failed (the order was cancelled, the cart is intact). An order already decided answers ' +
          'from the database; UPayments is asked at most once per order every few seconds.',
        body: paymentVerifyBodySchema,
        response: {
          200: paymentVerifyResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
          500: errorResponseSchema,
        },
      },
    },
    async (request) => payments.verify(request.body),
  );

  routes.post(
    '/payments/upayments/notify',
    {
      schema: {
        tags: ['payments'],
        summary: "UPayments' server-to-server notification (form-encoded or JSON)",
        description:
          'Any set of fields (form-encoded or a JSON object) is answered 200 { success: true } at ' +
          'once: the payment named by requested_order_id or track_id is then verified with the ' +
          'status API (never from this body); unknown ids are ignored. 400: not a set of fields.',
        body: notifyBodySchema,
        response: {
          200: paymentNotifyResponseSchema,
          400: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await payments.notify(request.body);
      return { success: true as const };
    },
  );
}

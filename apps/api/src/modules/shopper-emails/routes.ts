import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiMessage,
  errorResponseSchema,
  productIdParamsSchema,
  STOCK_ALERT_RATE_LIMIT_PER_MINUTE,
  stockAlertBodySchema,
  stockAlertCountsQuerySchema,
  stockAlertCountsResponseSchema,
  stockAlertResponseSchema,
  UNSUBSCRIBE_RATE_LIMIT_PER_MINUTE,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from '@shop/shared';
import { AppError } from '../../errors.js';
import { QUERY_ROUTE_FAILURES } from '../../lib/admin-form.js';

/** A one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` form-encoded; its content is not needed. */
const ONE_CLICK_BODY_LIMIT = 1024;

/**
 * Back-in-stock wishes, unsubscribe links and the back office's count of waiting wishes
 * (docs/decisions/063).
 */
export async function shopperEmailsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { stockAlerts, unsubscribe } = app.services.shopperEmails;

  // Mail clients post the one-click unsubscribe as a form (or multipart, which the shop's
  // multipart plugin takes unread): read here only, and ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT }, (_request, _body, done) =>
    done(null, undefined),
  );

  routes.post(
    '/products/:id/stock-alerts',
    {
      config: { session: 'optional', rateLimit: { max: STOCK_ALERT_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['catalog'],
        summary: 'Ask to be e-mailed when a sold-out product is back in stock',
        description:
          "A guest sends `email`; a signed-in customer may send none (the account's address is used). " +
          "The wish is kept in the request's language, in which the e-mail is written and to whose " +
          'address (/en/… for English) it links. 202 with the same answer whether the address was ' +
          'already waiting or not; 404 for a product the storefront does not sell; 409 for one in ' +
          'stock. Each wish is mailed once when the product is back; its unsubscribe link removes it.',
        params: productIdParamsSchema,
        body: stockAlertBodySchema,
        response: {
          202: stockAlertResponseSchema,
          400: errorResponseSchema,
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
      const account = request.user?.user ?? null;
      const email = request.body.email ?? account?.email.toLowerCase();
      if (!email) throw AppError.validation([{ field: 'email', message: 'auth.email_required' }]);
      await stockAlerts.register(request.params.id, email, account?.id ?? null, request.lang);
      reply.code(202);
      return { success: true as const, message: apiMessage('stock_alert.registered', request.lang) };
    },
  );

  routes.post(
    '/unsubscribe',
    {
      config: { rateLimit: { max: UNSUBSCRIBE_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['accounts'],
        summary: "An e-mail's unsubscribe link: remove a back-in-stock wish or turn promotional e-mails off",
        description:
          'The `token` of the link (signed by the shop, docs/decisions/063). A back-in-stock e-mail\'s ' +
          "token removes its wish; a cart reminder's turns the account's promotional e-mails off. " +
          'Also the one-click target of the e-mails\' List-Unsubscribe header (RFC 8058: a form body ' +
          '`List-Unsubscribe=One-Click`, read and ignored). Done twice, the same answer; a token the ' +
          'shop did not sign: 400.',
        querystring: unsubscribeQuerySchema,
        response: {
          200: unsubscribeResponseSchema,
          400: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
          500: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const kind = await unsubscribe(request.query.token);
      const message = apiMessage(kind === 'stock_alert' ? 'unsubscribe.stock_alert_done' : 'unsubscribe.promotional_done', request.lang);
      return { success: true as const, kind, message };
    },
  );

  routes.get(
    '/admin/stock-alerts/waiting',
    {
      config: { permission: 'catalog.read' },
      schema: {
        tags: ['back office: products'],
        summary: 'How many back-in-stock wishes wait for each of some products',
        description:
          'product_ids: up to 100 ids separated by commas (a page of the products list, or one ' +
          'product). `waiting` maps each product id that has waiting wishes to their number.',
        querystring: stockAlertCountsQuerySchema,
        response: { 200: stockAlertCountsResponseSchema, ...QUERY_ROUTE_FAILURES },
      },
    },
    async (request) => {
      const counts = await stockAlerts.waitingCounts(request.query.product_ids);
      return { success: true as const, waiting: Object.fromEntries([...counts].map(([id, waiting]) => [String(id), waiting])) };
    },
  );
}

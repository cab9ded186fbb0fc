import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminOrderDeleteResponseSchema,
  adminOrderExportQuerySchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderBulkStatusBodySchema,
  adminOrderBulkStatusResponseSchema,
  adminOrderRefundBodySchema,
  adminOrderResponseSchema,
  adminOrderStatusBodySchema,
  createOrderBodySchema,
  errorResponseSchema,
  orderDetailResponseSchema,
  orderIdParamsSchema,
  orderListResponseSchema,
  orderLookupBodySchema,
  orderLookupResponseSchema,
  orderNumberParamsSchema,
  orderResponseSchema,
  orderStatusListResponseSchema,
  orderTrackingResponseSchema,
  reorderResponseSchema,
  PAYMENT_REDIRECT_ACTION,
  paymentFailedResponseSchema,
  apiMessage,
  roleCan,
} from '@shop/shared';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { actorOf } from '../../lib/admin-form.js';
import { requireUser } from '../../plugins/auth.js';
import {
  CART_ADD_RATE_LIMIT,
  cartReply,
  requestCartOwner,
  requestCartOwnerWithCookie,
  selectedVariations,
} from '../cart/index.js';
import { exportFileName } from './export.js';
import { placedOrderNumbers, rememberPlacedOrder } from './placed-orders-cookie.js';
import { PaymentChargeFailed, PaymentRefundFailed } from './online-payment.js';

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** Order numbers are unguessable; a per-IP limit keeps anyone from trying many of them. */
const ORDER_LOOKUP_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
/**
 * Order look-ups by number and contact per client address in ten minutes: enough for a shopper's
 * typos, far too few to try many contacts for one number.
 */
export const ORDER_CONTACT_LOOKUP_RATE_LIMIT = {
  max: 10,
  timeWindow: 10 * 60_000,
  errorResponseBuilder: () => new AppError('RATE_LIMITED', 'order.lookup.rate_limited'),
};
/**
 * Orders placed per client address in ten minutes (every attempt counts). With the
 * per-contact limit of the service, one client cannot buy out the stock or mail many people.
 */
export const ORDER_PLACEMENT_RATE_LIMIT = { max: 20, timeWindow: 10 * 60_000 };

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
  503: errorResponseSchema,
};

/** The client's Idempotency-Key header, if any; a malformed key is a 400. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw AppError.validation([
      { field: 'Idempotency-Key', message: 'order.idempotency_key_invalid' },
    ]);
  }
  return value;
}

export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { orders, payments } = app.services;

  // Orders carry personal data: no shared cache may keep a reply.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  routes.post(
    '/orders',
    {
      config: { session: 'optional', rateLimit: ORDER_PLACEMENT_RATE_LIMIT },
      schema: {
        tags: ['orders'],
        summary: 'Place an order from the given items or the shopper\'s cart',
        description:
          'An Idempotency-Key belongs to its requester (the signed-in customer, else the guest ' +
          "browser's cart cookie, which a guest sending a key without one is given in this reply): " +
          'repeating it with the same body and cookie answers 200 with ' +
          'the first order; the same key from another requester makes that requester\'s own order; ' +
          'the same key with a different body is refused with 422 UNPROCESSABLE. 429 RATE_LIMITED: ' +
          'too many orders from this address, e-mail or phone. 400 on items.N.quantity: more than ' +
          'MAX_UNITS_PER_PRODUCT pieces of one product. payment_method upayments (only when ' +
          'GET /api/settings lists it): 201 with payment_url (also order.payment_url) and ' +
          "payment_status 'awaiting_payment'; the cart is kept until the payment is verified. 502 " +
          'PAYMENT_UNAVAILABLE with action redirect_to_checkout and cart_preserved: the charge ' +
          'failed and the order was cancelled (stock and promo use released); send a new ' +
          'Idempotency-Key to try again. 503 PAYMENT_UNAVAILABLE: online payment is not configured. ' +
          "save_address (a signed-in customer): the order's name, phone, area and address join the " +
          "account's saved addresses in the order's transaction; address_saved says whether they are there.",
        body: createOrderBodySchema,
        response: {
          200: orderResponseSchema,
          201: orderResponseSchema,
          400: errors[400],
          404: errors[404],
          409: errors[409],
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errors[422],
          429: errors[429],
          500: errors[500],
          502: paymentFailedResponseSchema,
          503: errors[503],
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const { body } = request;
      const placed = await orders
        .placeOrder(
        {
          name: body.name,
          email: body.email,
          phone: body.phone,
          shipping_address: body.shipping_address,
          country_id: body.country_id,
          governorate_id: body.governorate_id,
          city_id: body.city_id,
          payment_method: body.payment_method,
          promo_code: body.promo_code,
          notes: body.notes,
          gift_message: body.gift_message,
          gift_wrap: body.gift_wrap,
          items: body.items?.map((item) => ({
            product_id: item.product_id,
            quantity: item.quantity,
            selected: selectedVariations(item.selected_attributes),
          })),
          save_address: body.save_address,
        },
        {
          // A guest's key is their browser's: one without a cart cookie gets one (docs/decisions/039).
          cartOwner: key === undefined ? requestCartOwner(request) : requestCartOwnerWithCookie(request, reply),
          // body.user_id is never trusted: the signed-in user comes from the session.
          userId: request.user?.user.id ?? null,
          idempotencyKey: key,
          clientAddress: request.ip,
          lang: request.lang,
        },
      )
        .catch((error: unknown) => {
          if (error instanceof PaymentChargeFailed) return error;
          throw error;
        });
      if (placed instanceof PaymentChargeFailed) {
        // The failed-payment reply: back to the checkout, the cart kept.
        return reply.code(502).send({
          success: false as const,
          code: placed.code,
          message: apiMessage(placed.messageKey, request.lang),
          action: PAYMENT_REDIRECT_ACTION,
          cart_preserved: true as const,
        });
      }
      // This browser placed the order: its tracking page shows the customer in full here.
      rememberPlacedOrder(request, reply, placed.order.order_number);
      reply.code(placed.created ? 201 : 200);
      const paymentUrl = placed.paymentUrl === undefined ? {} : { payment_url: placed.paymentUrl };
      const addressSaved = placed.addressSaved === undefined ? {} : { address_saved: placed.addressSaved };
      return { success: true as const, order: { ...placed.order, ...paymentUrl }, ...paymentUrl, ...addressSaved };
    },
  );

  routes.post(
    '/orders/lookup',
    {
      config: { rateLimit: ORDER_CONTACT_LOOKUP_RATE_LIMIT },
      schema: {
        tags: ['orders'],
        summary: 'Find an order by its number and the phone or e-mail it was placed with',
        description:
          'contact: the phone (any spelling) or the e-mail (any case, +tags ignored) of the order. ' +
          'The right pair answers 200 with the order number and remembers the order in this ' +
          "browser's signed placed_orders cookie, so GET /orders/number/{number} gives the full " +
          'customer view. A wrong contact answers exactly as an unknown number: 404 NOT_FOUND. ' +
          '429 RATE_LIMITED after 10 look-ups in 10 minutes from one address.',
        body: orderLookupBodySchema,
        response: {
          200: orderLookupResponseSchema,
          400: errors[400],
          404: errors[404],
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request, reply) => {
      const orderNumber = await orders.lookupOrder(request.body);
      rememberPlacedOrder(request, reply, orderNumber);
      return { success: true as const, order_number: orderNumber };
    },
  );

  routes.get(
    '/orders/statuses',
    {
      schema: {
        tags: ['orders'],
        summary: 'Order statuses with their labels',
        response: { 200: orderStatusListResponseSchema, 500: errors[500] },
      },
    },
    async (request) => ({ success: true as const, statuses: orders.statuses(request.lang) }),
  );

  routes.get(
    '/orders/number/:orderNumber',
    {
      config: { session: 'optional', rateLimit: ORDER_LOOKUP_RATE_LIMIT },
      schema: {
        tags: ['orders'],
        summary: 'An order by its public number (order tracking)',
        description:
          "customer_view 'full' (name, e-mail, phone, street, notes) for the signed-in owner, staff " +
          'who manage orders and the browser that placed the order (its signed placed_orders ' +
          "cookie); 'masked' for anyone else: the name's initial, the phone's last digits, the " +
          'area only; e-mail, street, notes and gift_message null (decision 019).',
        params: orderNumberParamsSchema,
        response: {
          200: orderTrackingResponseSchema,
          400: errors[400],
          404: errors[404],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request) => {
      const user = request.user?.user;
      const viewer = {
        userId: user?.id ?? null,
        managesOrders: user !== undefined && roleCan(user.role, 'orders.manage'),
        placedHere: new Set(placedOrderNumbers(request)),
      };
      return {
        success: true as const,
        order: await orders.getOrderForTracking(request.params.orderNumber, viewer, request.lang),
      };
    },
  );

  routes.get(
    '/orders/my-orders',
    {
      config: { session: 'required' },
      schema: {
        tags: ['orders'],
        summary: "The signed-in customer's orders",
        response: { 200: orderListResponseSchema, 401: errors[401], 500: errors[500] },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return {
        success: true as const,
        orders: await orders.listOrdersForUser(user.id, request.lang),
      };
    },
  );

  routes.get(
    '/orders/:id',
    {
      config: { session: 'required' },
      schema: {
        tags: ['orders'],
        summary: 'An order by id, for its owner or staff who manage orders',
        description:
          'Staff with the `orders.manage` permission get the staff order (status_display, ' +
          'status_color, user_id, payment_method_name and the status history); the owner gets ' +
          'the shopper\'s order. Anyone else: 404.',
        params: orderIdParamsSchema,
        response: {
          200: orderDetailResponseSchema,
          400: errors[400],
          401: errors[401],
          404: errors[404],
          500: errors[500],
        },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return {
        success: true as const,
        order: await orders.getOrderForViewer(
          request.params.id,
          { userId: user.id, managesOrders: roleCan(user.role, 'orders.manage') },
          request.lang,
        ),
      };
    },
  );

  routes.post(
    '/orders/:id/reorder',
    {
      config: { session: 'optional', rateLimit: CART_ADD_RATE_LIMIT },
      schema: {
        tags: ['orders'],
        summary: 'Buy an order again: its lines into the cart at today\'s prices',
        description:
          "For the order's owner: the signed-in customer who placed it, or the browser that placed " +
          'it (its signed placed_orders cookie); anyone else: 404. Each line goes into the cart with ' +
          'the options it was bought with, as much as the stock allows; `reorder.lines` says what ' +
          'became of each (added, reduced, out_of_stock, unavailable). The cart as `GET /api/cart`.',
        params: orderIdParamsSchema,
        response: {
          200: reorderResponseSchema,
          400: errors[400],
          404: errors[404],
          // A body is not expected: one of another type, or too large, is refused as anywhere.
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request, reply) => {
      const viewer = { userId: request.user?.user.id ?? null, placedHere: new Set(placedOrderNumbers(request)) };
      // The order is checked before a guest is given a cart cookie.
      const { view, lines } = await orders.reorder(request.params.id, viewer, () => requestCartOwnerWithCookie(request, reply), request.lang);
      return { ...(await cartReply(request, view)), reorder: { lines } };
    },
  );

  // ---------- back office ----------

  const adminTags = ['back office: orders'];
  const adminErrors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    500: errorResponseSchema,
  };

  routes.get(
    '/orders',
    {
      config: { permission: 'orders.manage' },
      schema: {
        tags: adminTags,
        summary: 'Orders, newest first, one page at a time',
        description:
          'search: part of the order number, customer name or e-mail (case, Arabic letter forms ' +
          'and diacritics ignored). status: one status, or empty for all. city_id: one city. ' +
          'pagination.total counts the orders matching the filters; cities lists the cities that ' +
          'occur in orders (id null for a city deleted since).',
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListResponseSchema, ...adminErrors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await orders.listOrders(request.query, request.lang)),
    }),
  );

  routes.get(
    '/admin/orders/export',
    {
      config: { permission: 'orders.manage' },
      schema: {
        tags: adminTags,
        summary: 'The orders of a range of days as a CSV file (streamed)',
        description:
          'from, to: Kuwait days YYYY-MM-DD, both included; status: one status; city: one city id. ' +
          'text/csv in UTF-8 with a byte order mark, one row per order, oldest first: number, date ' +
          '(Kuwait time, YYYY-MM-DD HH:mm), customer, e-mail, phone, city, status and payment ' +
          'method in words, subtotal, discount, shipping, total and refunded (KWD, 3 decimals); ' +
          "headers in the request's language. A cell a spreadsheet would run as a formula starts " +
          'with an apostrophe (docs/decisions/044).',
        querystring: adminOrderExportQuerySchema,
        response: {
          200: {
            description: 'The CSV file (content-disposition: attachment; filename="orders-<from>-<to>.csv")',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      // A stream, which the typed reply (JSON bodies) does not describe; fastify sends it as it is.
      const file: FastifyReply = reply;
      return file
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(query)}"`)
        .send(orders.exportCsv(query, request.lang));
    },
  );

  routes.put(
    '/orders/:id/status',
    {
      config: { permission: 'orders.manage' },
      schema: {
        tags: adminTags,
        summary: "Change an order's status (any status to any status)",
        description:
          'Entering cancelled or refunded returns the units to stock; leaving them takes the ' +
          'units again (409 OUT_OF_STOCK naming the product when they are gone; nothing changes). ' +
          'The same status again changes nothing. 409 CONFLICT when status and payment would ' +
          'disagree: a paid online order is refunded with POST /orders/{id}/refund only, and an ' +
          'online order whose money was returned cannot be reopened. Shipped and delivered e-mail the customer ' +
          '(unless their account turned shipping updates off) after the reply. With status shipped only: ' +
          'carrier, tracking_number (letters, digits, spaces, hyphens) and tracking_url (https); absent ' +
          "keeps, null or '' clears; a known carrier's tracking page is built from the number when " +
          'tracking_url is absent. Shipped again with a different shipment updates it (history note, ' +
          'the shipped e-mail again); with nothing new it changes nothing. Any of them with another ' +
          'status: 400 on the field.',
        params: orderIdParamsSchema,
        body: adminOrderStatusBodySchema,
        response: {
          200: adminOrderResponseSchema,
          ...adminErrors,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      order: await orders.changeOrderStatus(
        actorOf(request),
        request.params.id,
        request.body.status,
        request.body.notes,
        request.lang,
        {
          carrier: request.body.carrier,
          tracking_number: request.body.tracking_number,
          tracking_url: request.body.tracking_url,
        },
      ),
    }),
  );

  routes.post(
    '/orders/bulk-status',
    {
      config: { permission: 'orders.manage' },
      schema: {
        tags: adminTags,
        summary: 'Change the status of several orders at once (up to 100)',
        description:
          'Each order goes through the rules of PUT /orders/{id}/status in its own transaction ' +
          '(stock, history, activity trail, status and payment conflicts, the shipped and delivered ' +
          'e-mails after its commit); one refused never stops the others. 200 with one result per ' +
          'id in the order sent: ok with the new status, or the refusal (NOT_FOUND for an unknown ' +
          'id, OUT_OF_STOCK, CONFLICT) with its message in the request\'s language; succeeded, ' +
          'failed and a summary message. ids: distinct positive integers.',
        body: adminOrderBulkStatusBodySchema,
        response: {
          200: adminOrderBulkStatusResponseSchema,
          ...adminErrors,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await orders.changeOrdersStatus(actorOf(request), request.body, request.lang)),
    }),
  );

  routes.post(
    '/orders/:id/refund',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags: adminTags,
        summary: 'Refund an order, in full or in part',
        description:
          'Body optional. None (or {}): everything not refunded yet. amount (KWD, at most 3 ' +
          'decimals): that much. lines alone: their unit price × quantity (at most the units not ' +
          'refunded yet of each line); restock puts them back in stock. 400 on the field: amount ' +
          'above what is left, a line not in the order or over its units, restocking units a ' +
          'cancelled order already returned. A paid online order is refunded through UPayments ' +
          '(create-refund with the amount); a cash-on-delivery order is recorded as paid back in ' +
          'cash, only once delivered (409 CONFLICT before). When nothing is left the order becomes ' +
          "status 'refunded' (and payment_status 'refunded' online): its remaining units back to " +
          'stock, history, audit. Each refund writes a history note and an activity entry and ' +
          'e-mails the customer. 409 CONFLICT: nothing to refund (unpaid online order, all refunded). ' +
          '502 PAYMENT_UNAVAILABLE: UPayments refused or did not answer; nothing changed. 503: ' +
          'online payment is not configured.',
        params: orderIdParamsSchema,
        body: adminOrderRefundBodySchema,
        response: {
          200: adminOrderResponseSchema,
          ...adminErrors,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          502: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        await payments.refund(actorOf(request), request.params.id, request.body, request.lang);
      } catch (error) {
        if (!(error instanceof PaymentRefundFailed)) throw error;
        return reply.code(502).send({
          success: false as const,
          code: error.code,
          message: apiMessage(error.messageKey, request.lang),
        });
      }
      return { success: true as const, order: await orders.getOrderForStaff(request.params.id, request.lang) };
    },
  );

  routes.delete(
    '/orders/:id',
    {
      config: { permission: 'orders.delete' },
      schema: {
        tags: adminTags,
        summary: 'Delete an order and its items (units it still holds go back to stock)',
        params: orderIdParamsSchema,
        response: { 200: adminOrderDeleteResponseSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { order_number } = await orders.deleteOrder(actorOf(request), request.params.id);
      return { success: true as const, message: orders.deletedMessage(order_number, request.lang) };
    },
  );
}

import type { FastifyInstance, preHandlerHookHandler, preValidationHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiMessage,
  errorResponseSchema,
  merchantAutoSyncBodySchema,
  merchantBulkResponseSchema,
  merchantBulkRunResponseSchema,
  merchantDeleteResponseSchema,
  merchantProductParamsSchema,
  merchantProductPayloadSchema,
  merchantProductResponseSchema,
  merchantProductsQuerySchema,
  merchantProductsResponseSchema,
  merchantStatusResponseSchema,
  merchantTestConnectionResponseSchema,
  merchantUpdateResponseSchema,
  type MerchantProductPayload,
} from '@shop/shared';
import { AppError } from '../../errors.js';
import {
  actorOf,
  ADMIN_ROUTE_FAILURES,
  ID_ROUTE_FAILURES,
  JSON_WRITE_ROUTE_FAILURES,
  QUERY_ROUTE_FAILURES,
} from '../../lib/admin-form.js';
import { merchantFailed } from './notices.js';
import { missingRequiredFields } from './payload.js';
import { presentRun } from './bulk.js';

const SYNC = { permission: 'merchant.sync' } as const;

/** Not configured (503) and Google's refusals (502), on every route that talks to Google. */
const MERCHANT_FAILURES = { 502: errorResponseSchema, 503: errorResponseSchema };

/** One message when the product id, the title or the price is missing. */
function requiredFieldsError(missing: readonly string[]): AppError {
  return new AppError(
    'VALIDATION_ERROR',
    'merchant.required_fields',
    missing.map((field) => ({ field, message: 'validation.required' })),
  );
}

/** The payload with its required fields present (they were checked before the schema ran). */
function withRequiredFields(payload: MerchantProductPayload) {
  const { productId, title, price } = payload;
  if (productId === undefined || title === undefined || title === '' || price === undefined) {
    throw requiredFieldsError(missingRequiredFields(payload));
  }
  return { ...payload, productId, title, price };
}

/**
 * The back office's Google Merchant tab (docs/decisions/024): administrators only
 * (`merchant.sync`). Without the GOOGLE_MERCHANT_* variables every route but the status answers
 * 503 MERCHANT_NOT_CONFIGURED once its input is valid: a bad request is a 400 whatever the
 * configuration.
 */
export async function merchantRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { merchant: service } = app.services;
  const tags = ['back office: Google Merchant'];

  const requireConfigured: preHandlerHookHandler = async () => {
    if (!service.isConfigured) {
      throw new AppError('MERCHANT_NOT_CONFIGURED', 'merchant.not_configured');
    }
  };
  // The single required-fields message comes before any other field's refusal.
  const requireFields: preValidationHookHandler = async (request) => {
    const missing = missingRequiredFields(request.body);
    if (missing.length > 0) throw requiredFieldsError(missing);
  };

  routes.get(
    '/google-merchant/status',
    {
      config: SYNC,
      schema: {
        tags,
        summary: 'Whether Google Merchant is configured, automatic sync, its queue, the latest update all',
        response: { 200: merchantStatusResponseSchema, ...ADMIN_ROUTE_FAILURES },
      },
    },
    async (request) => service.status(request.lang),
  );

  routes.put(
    '/google-merchant/auto-sync',
    {
      config: SYNC,
      preHandler: requireConfigured,
      schema: {
        tags,
        summary: 'Turn the background sync on or off',
        description:
          'Body {enabled}. On: product changes, stock reaching zero and deletions are pushed ' +
          'to Google in the background. Off: nothing is pushed and what was waiting is dropped. ' +
          'Answers the status.',
        body: merchantAutoSyncBodySchema,
        response: { 200: merchantStatusResponseSchema, ...JSON_WRITE_ROUTE_FAILURES, 503: errorResponseSchema },
      },
    },
    async (request) => {
      await service.setAutoSync(actorOf(request), request.body.enabled);
      return service.status(request.lang);
    },
  );

  routes.get(
    '/google-merchant/test-connection',
    {
      config: SYNC,
      preHandler: requireConfigured,
      schema: {
        tags,
        summary: 'Ask Google for the Merchant Center account with the configured key',
        response: { 200: merchantTestConnectionResponseSchema, ...ADMIN_ROUTE_FAILURES, ...MERCHANT_FAILURES },
      },
    },
    async (request) => {
      const account = await service.testConnection();
      return {
        success: true as const,
        message: apiMessage('merchant.connected', request.lang, {
          account: account.accountName || account.accountId,
        }),
        account: { name: account.name, account_id: account.accountId, account_name: account.accountName },
      };
    },
  );

  routes.get(
    '/google-merchant/products',
    {
      config: SYNC,
      preHandler: requireConfigured,
      schema: {
        tags,
        summary: 'The product picker: every product, newest first, with its latest push',
        description: 'search: words of the name (Arabic or English) or part of the SKU.',
        querystring: merchantProductsQuerySchema,
        response: { 200: merchantProductsResponseSchema, ...QUERY_ROUTE_FAILURES, 503: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.listProducts(request.query, request.lang)),
    }),
  );

  routes.get(
    '/google-merchant/products/bulk-update',
    {
      config: SYNC,
      preHandler: requireConfigured,
      schema: {
        tags,
        summary: 'The latest update all (running or not)',
        response: { 200: merchantBulkRunResponseSchema, ...ADMIN_ROUTE_FAILURES, 503: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, run: await service.latestBulkRun(request.lang) }),
  );

  routes.post(
    '/google-merchant/products/bulk-update',
    {
      config: SYNC,
      preHandler: requireConfigured,
      schema: {
        tags,
        summary: 'Update all: send every published product to Google',
        description:
          'Waits for the run and answers its result (successful, failed, total and each ' +
          'failure). The run goes on if the caller leaves; GET shows its progress. 409 while ' +
          'another run is under way; 502 when Google refused the account or its key (the run ' +
          'stops at once).',
        response: {
          200: merchantBulkResponseSchema,
          ...ADMIN_ROUTE_FAILURES,
          // It takes no body; one sent is still read (bad JSON, too large, another type).
          400: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          ...MERCHANT_FAILURES,
        },
      },
    },
    async (request) => {
      const row = await service.bulkUpdate(actorOf(request));
      if (row.error) throw merchantFailed(row.error);
      const run = presentRun(row, request.lang);
      return {
        success: true as const,
        message: apiMessage('merchant.bulk_result', request.lang, {
          successful: run.successful,
          count: run.total,
        }),
        data: { successful: run.successful, failed: run.failed, total: run.total },
        run,
      };
    },
  );

  routes.post(
    '/google-merchant/products/update',
    {
      config: SYNC,
      preValidation: requireFields,
      preHandler: requireConfigured,
      schema: {
        tags,
        summary: 'Send one product to Google (the merchant product payload)',
        description:
          'productId, title and price are required (one message when any is missing); link ' +
          'and imageLink absolute URLs; prices with at most the currency’s decimals; salePrice ' +
          'below price; gtin 8, 12, 13 or 14 digits with its check digit. brand, gtin, mpn and ' +
          'googleProductCategory are kept for update all and the background sync.',
        body: merchantProductPayloadSchema,
        response: { 200: merchantUpdateResponseSchema, ...JSON_WRITE_ROUTE_FAILURES, ...MERCHANT_FAILURES },
      },
    },
    async (request) => {
      const payload = withRequiredFields(request.body);
      const lastPush = await service.updateProduct(payload, request.lang);
      return {
        success: true as const,
        message: apiMessage('merchant.product_updated', request.lang, { id: payload.productId }),
        product_id: payload.productId,
        last_push: lastPush,
      };
    },
  );

  routes.get(
    '/google-merchant/products/:id',
    {
      config: SYNC,
      preHandler: requireConfigured,
      schema: {
        tags,
        summary: 'The form of one product, prefilled from the shop (links absolute)',
        params: merchantProductParamsSchema,
        response: { 200: merchantProductResponseSchema, ...ID_ROUTE_FAILURES, 503: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.productForm(request.params.id, request.lang)),
    }),
  );

  routes.delete(
    '/google-merchant/products/:id',
    {
      config: SYNC,
      preHandler: requireConfigured,
      schema: {
        tags,
        summary: 'Remove a product from Merchant Center (also one deleted from the shop)',
        description: '404 when Merchant Center does not have it.',
        params: merchantProductParamsSchema,
        response: { 200: merchantDeleteResponseSchema, ...ID_ROUTE_FAILURES, ...MERCHANT_FAILURES },
      },
    },
    async (request) => {
      await service.deleteProduct(request.params.id);
      return {
        success: true as const,
        message: apiMessage('merchant.product_deleted', request.lang, { id: request.params.id }),
        product_id: request.params.id,
      };
    },
  );
}

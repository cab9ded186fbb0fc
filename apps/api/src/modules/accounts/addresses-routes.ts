import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiMessage,
  deletedIdResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  savedAddressBodySchema,
  savedAddressListResponseSchema,
  savedAddressResponseSchema,
  savedAddressUpdateBodySchema,
} from '@shop/shared';
import { requireUser } from '../../plugins/auth.js';
import { errorResponses as errors, jsonBodyErrors, RATE_LIMITS } from './route-shared.js';

const notFound = { 404: errorResponseSchema } as const;

/** The signed-in customer's saved delivery addresses (issue 33, item 7; addresses.ts). */
export async function addressesRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { addresses } = app.services;

  routes.get(
    '/auth/addresses',
    {
      config: { session: 'required' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in customer's saved addresses, the default first",
        response: { 200: savedAddressListResponseSchema, 401: errors[401], 500: errors[500] },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return { success: true as const, addresses: await addresses.list(user.id, request.lang) };
    },
  );

  routes.post(
    '/auth/addresses',
    {
      config: { session: 'required', rateLimit: RATE_LIMITS.addressWrite },
      schema: {
        tags: ['auth'],
        summary: 'Save a delivery address (the first saved is the default)',
        description:
          'Each field is checked as the checkout checks it; the phone is kept in its international ' +
          'form. An account keeps at most SAVED_ADDRESSES_MAX (20) addresses: 409 beyond.',
        body: savedAddressBodySchema,
        response: {
          ...jsonBodyErrors,
          201: savedAddressResponseSchema,
          400: errors[400],
          401: errors[401],
          409: errors[409],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const address = await addresses.create(user.id, request.body, request.lang);
      reply.code(201);
      return { success: true as const, address, message: apiMessage('address.created', request.lang) };
    },
  );

  routes.put(
    '/auth/addresses/:id',
    {
      config: { session: 'required', rateLimit: RATE_LIMITS.addressWrite },
      schema: {
        tags: ['auth'],
        summary: 'Change a saved address, or make it the default',
        description:
          'Absent fields stay as they are; `{ "is_default": true }` alone makes it the default. ' +
          "Another account's address answers 404, as one that does not exist.",
        params: idParamsSchema,
        body: savedAddressUpdateBodySchema,
        response: {
          ...jsonBodyErrors,
          200: savedAddressResponseSchema,
          400: errors[400],
          401: errors[401],
          ...notFound,
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const address = await addresses.update(user.id, request.params.id, request.body, request.lang);
      return { success: true as const, address, message: apiMessage('address.updated', request.lang) };
    },
  );

  routes.delete(
    '/auth/addresses/:id',
    {
      config: { session: 'required', rateLimit: RATE_LIMITS.addressWrite },
      schema: {
        tags: ['auth'],
        summary: 'Delete a saved address (a deleted default passes to the newest one left)',
        params: idParamsSchema,
        response: {
          200: deletedIdResponseSchema,
          400: errors[400],
          401: errors[401],
          ...notFound,
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      await addresses.remove(user.id, request.params.id);
      return { success: true as const, id: request.params.id, message: apiMessage('address.deleted', request.lang) };
    },
  );
}

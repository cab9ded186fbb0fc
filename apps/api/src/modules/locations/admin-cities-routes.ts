import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCityCreateSchema,
  adminCityDeleteResponseSchema,
  adminCityParamsSchema,
  adminCityResponseSchema,
  adminCityUpdateSchema,
  apiMessage,
} from '@shop/shared';
import { actorOf, ID_ROUTE_FAILURES, JSON_WRITE_ROUTE_FAILURES } from '../../lib/admin-form.js';

const MANAGE = { permission: 'locations.manage' } as const;

/**
 * The back office's city writes. The staff
 * read (`GET /api/locations/cities?admin=true`) lives with the public reads in routes.ts.
 */
export async function adminLocationsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { adminCities } = app.services;
  const tags = ['back office: cities'];

  routes.post(
    '/locations/cities',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Create a city with its shipping fee (default 5)',
        description:
          'Fields: name (required), name_en, country_id (required), governorate_id (optional, ' +
          'in that country), shipping_fee (decimals ≥ 0, at most 3 decimals; default 5), ' +
          'is_active (default true). Names are unique within a governorate, ignoring case (409).',
        body: adminCityCreateSchema,
        response: { 201: adminCityResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request, reply) => {
      const city = await adminCities.create(actorOf(request), request.body, request.lang);
      reply.code(201);
      return { success: true as const, city };
    },
  );

  routes.put(
    '/locations/cities/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Change a city: only the fields sent (e.g. `{ "shipping_fee": 2.5 }`)',
        description:
          'A new fee applies from the next checkout; past orders keep the fee they were charged.',
        params: adminCityParamsSchema,
        body: adminCityUpdateSchema,
        response: { 200: adminCityResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      city: await adminCities.update(actorOf(request), request.params.id, request.body, request.lang),
    }),
  );

  routes.delete(
    '/locations/cities/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Delete a city; past orders keep its name and fee',
        params: adminCityParamsSchema,
        response: { 200: adminCityDeleteResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => {
      await adminCities.remove(actorOf(request), request.params.id);
      return {
        success: true as const,
        id: request.params.id,
        message: apiMessage('locations.city_deleted', request.lang),
      };
    },
  );
}

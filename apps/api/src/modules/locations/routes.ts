import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cityListQuerySchema,
  cityListResponseSchema,
  countryListResponseSchema,
  errorResponseSchema,
  governorateListResponseSchema,
  locationIdParamsSchema,
} from '@shop/shared';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 500: errorResponseSchema };

/** Seconds a browser or shared cache may reuse a location list. */
const LOCATIONS_MAX_AGE_SECONDS = 60;

export async function locationsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { locations } = app.services;

  // Names follow the request's language, so caches must keep one copy per language.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' && reply.statusCode === 200) {
      reply.header('cache-control', `public, max-age=${LOCATIONS_MAX_AGE_SECONDS}`);
      reply.header('vary', 'accept-language, cookie');
    }
    return payload;
  });

  routes.get(
    '/locations/countries',
    {
      schema: {
        tags: ['locations'],
        summary: 'Countries the shop delivers to',
        response: { 200: countryListResponseSchema, 500: errors[500] },
      },
    },
    async (request) => ({
      success: true as const,
      countries: await locations.listCountries(request.lang),
    }),
  );

  routes.get(
    '/locations/countries/:id/governorates',
    {
      schema: {
        tags: ['locations'],
        summary: 'Governorates of one country',
        params: locationIdParamsSchema,
        response: { 200: governorateListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      governorates: await locations.listCountryGovernorates(request.params.id, request.lang),
    }),
  );

  routes.get(
    '/locations/countries/:id/cities',
    {
      schema: {
        tags: ['locations'],
        summary: 'Cities of one country, with shipping fees',
        params: locationIdParamsSchema,
        response: { 200: cityListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      cities: await locations.listCities({ country_id: request.params.id }, request.lang),
    }),
  );

  routes.get(
    '/locations/governorates',
    {
      schema: {
        tags: ['locations'],
        summary: 'Every governorate of every country',
        response: { 200: governorateListResponseSchema, 500: errors[500] },
      },
    },
    async (request) => ({
      success: true as const,
      governorates: await locations.listGovernorates(request.lang),
    }),
  );

  routes.get(
    '/locations/governorates/:id/cities',
    {
      schema: {
        tags: ['locations'],
        summary: 'Cities of one governorate, with shipping fees',
        params: locationIdParamsSchema,
        response: { 200: cityListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      cities: await locations.listCities({ governorate_id: request.params.id }, request.lang),
    }),
  );

  routes.get(
    '/locations/cities',
    {
      schema: {
        tags: ['locations'],
        summary: 'Cities with shipping fees, optionally of one country or governorate',
        querystring: cityListQuerySchema,
        response: { 200: cityListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      cities: await locations.listCities(request.query, request.lang),
    }),
  );
}

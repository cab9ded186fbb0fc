import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cityListQuerySchema,
  cityListResponseSchema,
  countryListResponseSchema,
  errorResponseSchema,
  governorateListResponseSchema,
  locationIdParamsSchema,
  PAGE_LANGUAGE_HEADER,
  roleCan,
  shippingFeeRangesResponseSchema,
} from '@shop/shared';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 500: errorResponseSchema };

/** Seconds a browser or shared cache may reuse a list of countries or governorates. */
const LOCATIONS_MAX_AGE_SECONDS = 60;
/** The names are in the request's language: plugins/language.ts reads these headers. */
const LANGUAGE_VARY = `${PAGE_LANGUAGE_HEADER}, accept-language, cookie`;

/**
 * City lists carry shipping fees, which the back office changes and the next order charges at
 * once: a cache may keep them but must ask again before showing one, so the checkout never shows
 * an older fee than the order will charge.
 */
const CITY_LIST_CACHE_CONTROL = 'public, no-cache';

export async function locationsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { locations } = app.services;

  // Names follow the request's language, so caches must keep one copy per language. A reply
  // whose handler set its own cache-control (the back office's view) is left as it is.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' && reply.statusCode === 200) {
      if (!reply.hasHeader('cache-control')) {
        reply.header('cache-control', `public, max-age=${LOCATIONS_MAX_AGE_SECONDS}`);
      }
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${LANGUAGE_VARY}, ${String(vary)}` : LANGUAGE_VARY);
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
    async (request, reply) => {
      reply.header('cache-control', CITY_LIST_CACHE_CONTROL);
      return {
        success: true as const,
        cities: await locations.listCities({ country_id: request.params.id }, request.lang),
      };
    },
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
    async (request, reply) => {
      reply.header('cache-control', CITY_LIST_CACHE_CONTROL);
      return {
        success: true as const,
        cities: await locations.listCities({ governorate_id: request.params.id }, request.lang),
      };
    },
  );

  routes.get(
    '/locations/shipping-fees',
    {
      schema: {
        tags: ['locations'],
        summary: "The cheapest and the dearest shipping fee of each country's active cities",
        response: { 200: shippingFeeRangesResponseSchema, 500: errors[500] },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CITY_LIST_CACHE_CONTROL);
      return { success: true as const, shipping_fees: await locations.shippingFeeRanges() };
    },
  );

  routes.get(
    '/locations/cities',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['locations'],
        summary: 'Cities with shipping fees, optionally of one country or governorate',
        description:
          'With `admin=true`, a caller with `locations.manage` gets every city, inactive ones ' +
          'too, never cached publicly; for anyone else the flag is ignored.',
        querystring: cityListQuerySchema,
        response: { 200: cityListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { admin, ...filter } = request.query;
      let staff = false;
      if (admin !== undefined) {
        staff = admin && request.user !== null && roleCan(request.user.user.role, 'locations.manage');
        // The same URL answers staff and shoppers differently: no cache may hand one to the other.
        reply.header('vary', 'authorization');
      }
      reply.header('cache-control', staff ? 'private, no-store' : CITY_LIST_CACHE_CONTROL);
      return {
        success: true as const,
        cities: await locations.listCities({ ...filter, include_inactive: staff }, request.lang),
      };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoryListQuerySchema,
  categoryListResponseSchema,
  categoryResponseSchema,
  categorySlugParamsSchema,
  errorResponseSchema,
  featuredListQuerySchema,
  idParamsSchema,
  productAttributesResponseSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
  productsResponseSchema,
  relatedListQuerySchema,
} from '@shop/shared';
import { publicCachePlugin } from './http-cache.js';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 500: errorResponseSchema };

/** True when the raw query string names the parameter (defaults hide that after validation). */
function queryNames(url: string, name: string): boolean {
  const question = url.indexOf('?');
  return question !== -1 && new URLSearchParams(url.slice(question + 1)).has(name);
}

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  await app.register(publicCachePlugin);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { catalog } = app.services;

  routes.get(
    '/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Published products, filtered, searched, sorted and paginated',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errors[400], 500: errors[500] },
      },
    },
    async (request) => {
      const { sort, ...query } = request.query;
      const page = await catalog.listProducts({
        ...query,
        // Without an explicit sort a search is ordered by relevance.
        sort: queryNames(request.url, 'sort') ? sort : undefined,
      });
      return { success: true as const, ...page };
    },
  );

  // Registered before /products/:id routes for readability; the static path wins either way.
  routes.get(
    '/products/featured/list',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Featured published products, newest first',
        querystring: featuredListQuerySchema,
        response: { 200: productsResponseSchema, 400: errors[400], 500: errors[500] },
      },
    },
    async (request) => ({
      success: true as const,
      products: await catalog.listFeaturedProducts(request.query.limit),
    }),
  );

  routes.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One published product',
        params: productIdParamsSchema,
        response: { 200: productResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      product: await catalog.getProduct(request.params.id),
    }),
  );

  routes.get(
    '/products/:id/related',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Products to show beside a product: same category first',
        params: productIdParamsSchema,
        querystring: relatedListQuerySchema,
        response: { 200: productsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      products: await catalog.listRelatedProducts(request.params.id, request.query.limit),
    }),
  );

  routes.get(
    '/products/:id/attributes',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Attributes a product offers, with variations and surcharges',
        params: productIdParamsSchema,
        response: { 200: productAttributesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      attributes: await catalog.listProductAttributes(request.params.id),
    }),
  );

  routes.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Active categories as a tree and a flat list, with product counts',
        querystring: categoryListQuerySchema,
        response: { 200: categoryListResponseSchema, 400: errors[400], 500: errors[500] },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await catalog.listCategories({
        includeProducts: request.query.include_products === true,
      })),
    }),
  );

  routes.get(
    '/categories/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One active category with its subcategories',
        params: idParamsSchema,
        response: { 200: categoryResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      category: await catalog.getCategory(request.params.id),
    }),
  );

  routes.get(
    '/categories/slug/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One active category, found by its slug',
        params: categorySlugParamsSchema,
        response: { 200: categoryResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      category: await catalog.getCategoryBySlug(request.params.slug),
    }),
  );
}

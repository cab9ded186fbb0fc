import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoryListQuerySchema,
  categoryListResponseSchema,
  type CategoryListResponse,
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
  roleCan,
  type ProductListQuery,
  type ProductListResponse,
  type ProductsResponse,
} from '@shop/shared';
import type { ProductStatusFilter } from './service.js';
import { publicCachePlugin, wireRoute } from './http-cache.js';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 500: errorResponseSchema };

/** True when the raw query string names the parameter (defaults hide that after validation). */
function queryNames(url: string, name: string): boolean {
  const question = url.indexOf('?');
  return question !== -1 && new URLSearchParams(url.slice(question + 1)).has(name);
}

/**
 * Whether the caller reads the catalogue as the back office does (drafts included): a signed-in
 * role with `catalog.read` (docs/decisions/008). Anyone else gets the storefront's view.
 */
function readsBackOffice(request: FastifyRequest): boolean {
  return request.user !== null && roleCan(request.user.user.role, 'catalog.read');
}

/**
 * Product reads answer staff and shoppers differently at the same URL: staff replies are never
 * stored, and public ones say they vary with the caller so no cache hands one to the other.
 */
function markCallerDependent(reply: FastifyReply, staff: boolean): void {
  reply.header('vary', 'authorization');
  if (staff) reply.header('cache-control', 'private, no-store');
}

/** The list's status query as the back office means it: empty is every status. */
function statusFilter(status: ProductListQuery['status']): ProductStatusFilter | undefined {
  return status === '' ? 'all' : status;
}

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  await app.register(publicCachePlugin);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { catalog, adminCategories } = app.services;
  // The public listings go out as wire bytes, kept while their listing is the cached one.
  const whileCached = (listing: object) => () => catalog.isCachedListing(listing);
  const shoppers = (request: FastifyRequest) => !readsBackOffice(request);

  routes.get(
    '/products',
    {
      config: { session: 'optional', wireReplies: wireRoute({ everyone: shoppers }) },
      schema: {
        tags: ['catalog'],
        summary: 'Published products, filtered, searched, sorted and paginated',
        description:
          'Callers with `catalog.read` may pass `status` (empty: every status, `draft`, ' +
          '`published`); for anyone else it is ignored and only published products are listed.',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errors[400], 500: errors[500] },
      },
    },
    async (request, reply) => {
      const { sort, status, ...query } = request.query;
      const staff = readsBackOffice(request);
      markCallerDependent(reply, staff);
      const page = await catalog.listProducts({
        ...query,
        // Without an explicit sort a search is ordered by relevance.
        sort: queryNames(request.url, 'sort') ? sort : undefined,
        status: staff ? statusFilter(status) : undefined,
      });
      const body = (): ProductListResponse => ({ success: true, ...page });
      return staff ? body() : reply.sendPublic(page, body, whileCached(page));
    },
  );

  // Registered before /products/:id routes for readability; the static path wins either way.
  routes.get(
    '/products/featured/list',
    {
      config: { wireReplies: wireRoute() },
      schema: {
        tags: ['catalog'],
        summary: 'Featured published products, newest first',
        querystring: featuredListQuerySchema,
        response: { 200: productsResponseSchema, 400: errors[400], 500: errors[500] },
      },
    },
    async (request, reply) => {
      const products = await catalog.listFeaturedProducts(request.query.limit);
      const body = (): ProductsResponse => ({ success: true, products });
      return reply.sendPublic(products, body, whileCached(products));
    },
  );

  routes.get(
    '/products/:id',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['catalog'],
        summary: 'One published product (a draft too for callers with `catalog.read`)',
        params: productIdParamsSchema,
        response: { 200: productResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = readsBackOffice(request);
      markCallerDependent(reply, staff);
      return {
        success: true as const,
        product: await catalog.getProduct(request.params.id, { includeDrafts: staff }),
      };
    },
  );

  routes.get(
    '/products/:id/related',
    {
      config: { wireReplies: wireRoute() },
      schema: {
        tags: ['catalog'],
        summary: 'Products to show beside a product: same category first',
        params: productIdParamsSchema,
        querystring: relatedListQuerySchema,
        response: { 200: productsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const products = await catalog.listRelatedProducts(request.params.id, request.query.limit);
      const body = (): ProductsResponse => ({ success: true, products });
      return reply.sendPublic(products, body, whileCached(products));
    },
  );

  routes.get(
    '/products/:id/attributes',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['catalog'],
        summary: 'Attributes a product offers, with variations and surcharges',
        params: productIdParamsSchema,
        response: { 200: productAttributesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = readsBackOffice(request);
      markCallerDependent(reply, staff);
      return {
        success: true as const,
        attributes: await catalog.listProductAttributes(request.params.id, {
          includeDrafts: staff,
        }),
      };
    },
  );

  routes.get(
    '/categories',
    {
      config: { session: 'optional', wireReplies: wireRoute({ everyone: shoppers }) },
      schema: {
        tags: ['catalog'],
        summary: 'Active categories as a tree and a flat list, with product counts',
        description:
          'With `admin=true`, a caller with `catalog.read` gets every category, active or not, ' +
          'each with `product_count` (products of every status directly in it) and ' +
          '`children_count`, never cached publicly; for anyone else the flag is ignored.',
        querystring: categoryListQuerySchema,
        response: { 200: categoryListResponseSchema, 400: errors[400], 500: errors[500] },
      },
    },
    async (request, reply) => {
      if (request.query.admin !== undefined) {
        const staff = request.query.admin && readsBackOffice(request);
        markCallerDependent(reply, staff);
        if (staff) return { success: true as const, ...(await adminCategories.listForStaff()) };
      }
      const tree = await catalog.listCategories({
        includeProducts: request.query.include_products === true,
      });
      const body = (): CategoryListResponse => ({ success: true, ...tree });
      return reply.sendPublic(tree, body, whileCached(tree));
    },
  );

  routes.get(
    '/categories/:id',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['catalog'],
        summary: 'One active category with its subcategories (any category for `catalog.read`)',
        params: idParamsSchema,
        response: { 200: categoryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = readsBackOffice(request);
      markCallerDependent(reply, staff);
      return {
        success: true as const,
        category: staff
          ? await adminCategories.getForStaff(request.params.id)
          : await catalog.getCategory(request.params.id),
      };
    },
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

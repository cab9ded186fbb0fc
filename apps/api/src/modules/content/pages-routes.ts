import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminContentPageResponseSchema,
  adminContentPagesResponseSchema,
  adminPageUpdateSchema,
  adminStorefrontLayoutResponseSchema,
  adminStorefrontLayoutUpdateSchema,
  contentPageResponseSchema,
  errorResponseSchema,
  pageSlugParamsSchema,
  storefrontLayoutResponseSchema,
} from '@shop/shared';
import { actorOf, ADMIN_ROUTE_FAILURES, BODY_FAILURES, ID_ROUTE_FAILURES, QUERY_ROUTE_FAILURES } from '../../lib/admin-form.js';

/** Public content is kept by browsers and CDNs as briefly as the settings. */
const PUBLIC_CACHE = 'public, max-age=60';
const SETTINGS = { permission: 'settings.write' } as const;

/**
 * The storefront's editable content (docs/decisions/058): the policy pages and the layout (footer
 * links, home sections, hero) for the storefront in the request's language, and the back office's
 * editor of both languages. Saving needs the settings' permission (administrators).
 */
export async function pagesRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { pages } = app.services;
  const tags = ['back office: pages'];

  routes.get(
    '/pages/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'A policy page (privacy, terms, return-policy) in the request’s language; its body is sanitised HTML',
        params: pageSlugParamsSchema,
        response: { 200: contentPageResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 500: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return { success: true as const, page: await pages.getPage(request.params.slug, request.lang) };
    },
  );

  routes.get(
    '/storefront-layout',
    {
      schema: {
        tags: ['content'],
        summary: 'The footer’s links, the home page’s sections (order, shown or hidden) and the hero’s texts, in the request’s language',
        response: { 200: storefrontLayoutResponseSchema, 500: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return { success: true as const, layout: await pages.getLayout(request.lang) };
    },
  );

  routes.get(
    '/admin/pages',
    {
      config: SETTINGS,
      schema: {
        tags,
        summary: 'The policy pages in both languages, as the storefront shows them (the shop’s own text until saved)',
        response: { 200: adminContentPagesResponseSchema, ...ADMIN_ROUTE_FAILURES },
      },
    },
    async () => ({ success: true as const, pages: await pages.listPages() }),
  );

  routes.put(
    '/admin/pages/:slug',
    {
      config: SETTINGS,
      schema: {
        tags,
        summary: 'Save a policy page: title and body in both languages',
        description:
          'Fields: title_ar, title_en (1 to 120 characters), body_ar, body_en (HTML up to 100,000 characters). ' +
          'The server keeps only h2, h3, p, br, strong (b), em (i), ul, ol, li and links (a href: a path of ' +
          'the shop, an http(s) address or mailto:; external links get rel="noopener noreferrer"); scripts, ' +
          'styles, frames, event attributes and javascript: links are removed. A body left without text is ' +
          'refused (400). {store} in a text shows the store’s name.',
        params: pageSlugParamsSchema,
        body: adminPageUpdateSchema,
        response: { 200: adminContentPageResponseSchema, ...ID_ROUTE_FAILURES, ...BODY_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      page: await pages.savePage(actorOf(request), request.params.slug, request.body),
    }),
  );

  routes.get(
    '/admin/storefront-layout',
    {
      config: SETTINGS,
      schema: {
        tags,
        summary: 'The footer’s links, the home page’s sections and the hero’s texts in both languages',
        response: { 200: adminStorefrontLayoutResponseSchema, ...ADMIN_ROUTE_FAILURES },
      },
    },
    async () => ({ success: true as const, layout: await pages.getAdminLayout() }),
  );

  routes.put(
    '/admin/storefront-layout',
    {
      config: SETTINGS,
      schema: {
        tags,
        summary: 'Save the footer’s links, the home page’s sections and the hero’s texts',
        description:
          'Fields: footer_links (up to 12, in order: label_ar, label_en up to 60 characters, href a path of the ' +
          'shop such as /track or an http(s) address), home_sections (slider, categories, featured, latest and ' +
          'signup, each once, in order, with visible), hero (kicker_ar, kicker_en up to 120 characters; text_ar, ' +
          'text_en up to 500, empty: the store’s description).',
        body: adminStorefrontLayoutUpdateSchema,
        response: { 200: adminStorefrontLayoutResponseSchema, ...QUERY_ROUTE_FAILURES, ...BODY_FAILURES },
      },
    },
    async (request) => ({ success: true as const, layout: await pages.saveLayout(actorOf(request), request.body) }),
  );
}

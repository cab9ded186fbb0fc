import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSlideCreateSchema,
  adminSlideDeleteResponseSchema,
  adminSlideParamsSchema,
  adminSlideResponseSchema,
  adminSlideUpdateSchema,
  apiMessage,
  errorResponseSchema,
  slideListResponseSchema,
} from '@shop/shared';
import { actorOf, FORM_ROUTE_FAILURES, readSingleFileForm } from '../../lib/admin-form.js';
import { pagesRoutes } from './pages-routes.js';

const failures = FORM_ROUTE_FAILURES;

const SLIDE_FIELDS_HELP =
  'Fields: title (required), title_en, description, description_en, link_url (an http(s) ' +
  'address or a site path such as /products: one leading "/", no spaces or backslashes), ' +
  'sort_order (whole number from 0, default 0), is_active; file field `image`.';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { content } = app.services;

  routes.get(
    '/slider',
    {
      schema: {
        tags: ['content'],
        summary: 'Active home-page slides, in display order',
        response: { 200: slideListResponseSchema, 500: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, slides: await content.listActiveSlides() };
    },
  );

  await app.register(adminSliderRoutes);
  await app.register(pagesRoutes);
}

/** The back office's slider. */
async function adminSliderRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { content } = app.services;
  const tags = ['back office: slider'];

  routes.get(
    '/slider/admin',
    {
      config: { permission: 'catalog.read' },
      schema: {
        tags,
        summary: 'Every slide, active or not, in display order',
        response: { 200: slideListResponseSchema, ...failures },
      },
    },
    async () => ({ success: true as const, slides: await content.listAllSlides() }),
  );

  routes.post(
    '/slider',
    {
      config: { permission: 'catalog.write' },
      schema: {
        tags,
        summary: 'Create a slide (multipart or JSON; the image is required)',
        description: SLIDE_FIELDS_HELP,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: adminSlideResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { input, file: image } = await readSingleFileForm(
        request,
        adminSlideCreateSchema,
        'image',
        'slider.image_one_only',
      );
      const slide = await content.createSlide(actorOf(request), input, image);
      reply.code(201);
      return { success: true as const, slide };
    },
  );

  routes.put(
    '/slider/:id',
    {
      config: { permission: 'catalog.write' },
      schema: {
        tags,
        summary: 'Change a slide: only the fields sent; a new image replaces the stored one',
        description: SLIDE_FIELDS_HELP,
        consumes: ['multipart/form-data', 'application/json'],
        params: adminSlideParamsSchema,
        response: { 200: adminSlideResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { input, file: image } = await readSingleFileForm(
        request,
        adminSlideUpdateSchema,
        'image',
        'slider.image_one_only',
      );
      const slide = await content.updateSlide(actorOf(request), request.params.id, input, image);
      return { success: true as const, slide };
    },
  );

  routes.delete(
    '/slider/:id',
    {
      config: { permission: 'catalog.write' },
      schema: {
        tags,
        summary: 'Delete a slide and its image',
        params: adminSlideParamsSchema,
        response: { 200: adminSlideDeleteResponseSchema, ...failures },
      },
    },
    async (request) => {
      await content.deleteSlide(actorOf(request), request.params.id);
      return { success: true as const, message: apiMessage('slider.deleted', request.lang) };
    },
  );
}

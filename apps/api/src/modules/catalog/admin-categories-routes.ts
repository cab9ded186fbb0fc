import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCategoryCreateSchema,
  adminCategoryDeleteResponseSchema,
  adminCategoryParamsSchema,
  adminCategoryResponseSchema,
  adminCategoryUpdateSchema,
  apiMessage,
} from '@shop/shared';
import { actorOf, FORM_ROUTE_FAILURES, readSingleFileForm } from '../../lib/admin-form.js';

const WRITE = { permission: 'catalog.write' } as const;

const failures = FORM_ROUTE_FAILURES;

/**
 * The back office's category writes. The staff reads
 * (`GET /api/categories?admin=true`, `GET /api/categories/:id`) live with the public ones in
 * routes.ts. Forms arrive as multipart (with the `image` file) or JSON.
 */
export async function adminCategoryRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { adminCategories } = app.services;
  const tags = ['back office: categories'];

  routes.post(
    '/categories',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Create a category (multipart or JSON; file field `image`)',
        description:
          'Fields: name (required), name_en, description, description_en, parent_id (empty: a ' +
          'main category), sort_order (empty: next after its siblings), is_active, slug ' +
          '(optional; generated from the English name, else the Arabic one), seo_title_ar, ' +
          'seo_title_en (at most 70 characters), seo_description_ar, seo_description_en (at most 160).',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: adminCategoryResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { input, file: image } = await readSingleFileForm(
        request,
        adminCategoryCreateSchema,
        'image',
        'categories.image_one_only',
      );
      const category = await adminCategories.create(actorOf(request), input, image);
      reply.code(201);
      return { success: true as const, category };
    },
  );

  routes.put(
    '/categories/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change a category: only the fields sent (multipart or JSON; file field `image`)',
        description:
          'A category can become neither its own parent nor the child of one of its ' +
          'subcategories. `remove_image=1` removes the picture. The slug changes only when ' +
          '`slug` is sent.',
        consumes: ['multipart/form-data', 'application/json'],
        params: adminCategoryParamsSchema,
        response: { 200: adminCategoryResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { input, file: image } = await readSingleFileForm(
        request,
        adminCategoryUpdateSchema,
        'image',
        'categories.image_one_only',
      );
      const category = await adminCategories.update(actorOf(request), request.params.id, input, image);
      return { success: true as const, category };
    },
  );

  routes.delete(
    '/categories/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete a category: its products become uncategorised, its subcategories move up',
        params: adminCategoryParamsSchema,
        response: { 200: adminCategoryDeleteResponseSchema, ...failures },
      },
    },
    async (request) => {
      const moved = await adminCategories.remove(actorOf(request), request.params.id);
      return {
        success: true as const,
        message: apiMessage('categories.deleted', request.lang),
        ...moved,
      };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSettingsUpdateSchema, errorResponseSchema, settingsResponseSchema } from '@shop/shared';
import { actorOf, readSingleFileForm } from '../../lib/admin-form.js';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = app.services;

  routes.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Store settings shown by the storefront',
        response: { 200: settingsResponseSchema, 500: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, settings: await settings.getSettings() };
    },
  );

  routes.post(
    '/settings',
    {
      config: { permission: 'settings.write' },
      schema: {
        tags: ['back office: settings'],
        summary: 'Save the store settings: only the fields sent change (multipart or JSON; file field `logo`)',
        description:
          'Fields: store_name (required when sent), store_name_en, store_description, ' +
          'store_description_en, email, address, address_en, phone_number, whatsapp_number (8 to 15 digits; ' +
          'spaces, hyphens, parentheses and a leading + allowed), remove_logo. An empty field ' +
          'clears it.',
        consumes: ['multipart/form-data', 'application/json'],
        response: {
          200: settingsResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          500: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { input, file: logo } = await readSingleFileForm(
        request,
        adminSettingsUpdateSchema,
        'logo',
        'settings.logo_one_only',
      );
      return {
        success: true as const,
        settings: await settings.updateSettings(actorOf(request), input, logo),
      };
    },
  );
}

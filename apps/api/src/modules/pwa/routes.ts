import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shop/shared';
import { z } from 'zod';
import { sendError } from '../../plugins/errors.js';
import { APP_ICON_FILES, APP_ICON_PATH, FAVICON_PATH } from './app-icons.js';
import { buildWebManifest, webManifestSchema } from './manifest.js';

/** Browsers read the manifest again at most every five minutes; icon URLs carry the logo's version. */
const MANIFEST_MAX_AGE_SECONDS = 300;
const ICON_MAX_AGE_SECONDS = 24 * 60 * 60;
/** `/favicon.ico` has no version in its address: a new logo reaches a browser within a day. */
const FAVICON_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The installable app's web manifest and its icons, made from the store settings. Served beside
 * the pages (not under /api: they are the web app's files, not the shop's JSON contract).
 */
export async function pwaRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { settings, appIcons } = app.services;

  routes.get(
    '/manifest.webmanifest',
    {
      schema: {
        hide: true,
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
        response: { 200: webManifestSchema },
      },
    },
    async (request, reply) => {
      const [current, version] = await Promise.all([settings.getSettings(), appIcons.version()]);
      reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', `public, max-age=${MANIFEST_MAX_AGE_SECONDS}`);
      return buildWebManifest(current, request.query.lang ?? DEFAULT_LANGUAGE, version);
    },
  );

  routes.get(
    `${APP_ICON_PATH}/:file`,
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string() }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const png = APP_ICON_FILES.includes(request.params.file)
        ? await appIcons.icon(request.params.file)
        : undefined;
      if (!png) return sendError(reply, 'NOT_FOUND', 'error.not_found');
      return reply
        .type('image/png')
        .header('cache-control', `public, max-age=${ICON_MAX_AGE_SECONDS}`)
        .header('x-content-type-options', 'nosniff')
        .send(png);
    },
  );

  routes.get(FAVICON_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('image/x-icon')
      .header('cache-control', `public, max-age=${FAVICON_MAX_AGE_SECONDS}`)
      .header('x-content-type-options', 'nosniff')
      .send(await appIcons.favicon()),
  );
}

import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shop/shared';
import { z } from 'zod';
import { etagMatches } from '../catalog/index.js';
import { FEED_MAX_AGE_SECONDS, FEED_PATH } from './feed.js';

/**
 * Feed requests per client address a minute. Merchant Center fetches it a few times a day; a
 * client asking more often cannot make the shop write a large catalogue over and over.
 */
export const FEED_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/**
 * The product feed for a Merchant Center file data source with a scheduled fetch. Public and
 * without credentials, like the sitemap; beside the pages, not under /api (it is not the shop's
 * JSON contract). `?lang=en` is the English feed.
 */
export async function merchantFeedRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { merchantFeed } = app.services;

  routes.get(
    FEED_PATH,
    {
      schema: {
        hide: true,
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
      },
      config: { rateLimit: FEED_RATE_LIMIT },
    },
    async (request, reply) => {
      const feed = await merchantFeed.document(request.query.lang ?? DEFAULT_LANGUAGE);
      reply
        .header('cache-control', `public, max-age=${FEED_MAX_AGE_SECONDS}`)
        .header('etag', feed.etag);
      if (etagMatches(request.headers['if-none-match'], feed.etag)) return reply.code(304).send();
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-length', feed.bytes)
        .send(Readable.from(feed.chunks, { objectMode: false }));
    },
  );
}

import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { servedOverHttps } from '../lib/secure-cookies.js';

/**
 * The OpenAPI document at /api/docs/json, always (clients and tests read it), and the interactive
 * reference page at /api/docs only when API_DOCS is on (by default outside production). The page
 * has its own Content-Security-Policy: scripts and styles by hash, no framing (as the shop's pages).
 */
export async function apiDocsPlugin(app: FastifyInstance): Promise<void> {
  if (!app.config.apiDocs) {
    app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
    return;
  }
  const https = servedOverHttps(app.config);
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => {
      const policy = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
      // Over plain http (development) upgrading would break every request of the page.
      return https ? policy : policy.replace(/\s*upgrade-insecure-requests;?/, '');
    },
  });
}

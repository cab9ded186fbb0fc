import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { servedOverHttps } from '../lib/secure-cookies.js';

/**
 * Browser features a shop never needs, switched off for every page and any frame in it; payment
 * stays with our own origin (a future card form), fullscreen with ours (product pictures).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'publickey-credentials-get=(self)',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Security headers of every response (helmet plus Permissions-Policy). Pages get their
 * Content-Security-Policy from the web plugin (nonce-based, `frame-ancestors 'none'`), the API
 * reference from the docs registration; X-Frame-Options says the same as frame-ancestors: DENY.
 * Strict-Transport-Security only when PUBLIC_URL is https: over plain http (local development)
 * it would be ignored at best and, on a shared host name, pin it to https at worst.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
      strictTransportSecurity: servedOverHttps(app.config)
        ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true }
        : false,
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
  },
  { name: 'security-headers' },
);

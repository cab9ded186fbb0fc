import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { servedOverHttps } from '../lib/secure-cookies.js';

/**
 * Browser features a shop never needs, switched off for every page and any frame in it; payment
 * stays with our own origin (a future card form), fullscreen with ours (product pictures). Only
 * features Chromium knows: it warns in the console of every page about any other (`bluetooth`
 * did), and the browser tests fail on that warning (e2e/support.ts watchConsole).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
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
 * The headers helmet sets with these options, worked out once: helmet's middlewares set the same
 * values on every response (none of those used here reads the request), and running its dozen
 * middlewares on each request cost a small API reply 7 % of its CPU.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // helmet's middlewares run one after another in the same turn; anything else is a new helmet.
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * Security headers of every response (helmet's plus Permissions-Policy). Pages get their
 * Content-Security-Policy from the web plugin (nonce-based, `frame-ancestors 'none'`), the API
 * reference from the docs registration; X-Frame-Options says the same as frame-ancestors: DENY.
 * Strict-Transport-Security only when PUBLIC_URL is https: over plain http (local development)
 * it would be ignored at best and, on a shared host name, pin it to https at worst.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const headers = {
      ...helmetHeaders({
        contentSecurityPolicy: false,
        crossOriginEmbedderPolicy: false,
        frameguard: { action: 'deny' },
        strictTransportSecurity: servedOverHttps(app.config)
          ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true }
          : false,
      }),
      'permissions-policy': PERMISSIONS_POLICY,
    };
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

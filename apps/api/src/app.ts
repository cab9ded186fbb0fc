import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createServices, type Services } from './services.js';
import { authPlugin } from './plugins/auth.js';
import { clientErrorHandler } from './plugins/client-errors.js';
import { errorsPlugin, frameworkErrorHandler, sendError } from './plugins/errors.js';
import { AccessLog } from './lib/access-log.js';
import { connectChangeFeed } from './lib/change-transport.js';
import { soleLeadership, type Leadership } from './lib/leadership.js';
import { rateLimitStore, type RateLimitStorage } from './lib/rate-limit-store.js';
import { formBodyPlugin } from './lib/form-body.js';
import { languagePlugin } from './plugins/language.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { responseSerializerCompiler } from './plugins/serializer.js';
import { uploadsPlugin } from './plugins/uploads.js';
import { COMPRESS_THRESHOLD_BYTES } from './lib/wire-reply.js';
import { emailAssetRoutes } from './modules/notifications/index.js';
import { redactedRequestSerializer } from './modules/accounts/index.js';
import { healthRoutes } from './modules/health/index.js';
import { metricsPlugin } from './plugins/metrics.js';
import { pwaRoutes } from './modules/pwa/index.js';
import { merchantFeedRoutes } from './modules/merchant/index.js';
import { documentRoutes, finishDocument, openApiSchemas, securitySchemes } from './openapi.js';
import { logSafeErrorSerializer } from './db/errors.js';
import { apiRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    services: Services;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /**
   * false keeps tests quiet; 'pretty' is the development server's readable output; a stream gets
   * the JSON lines that otherwise go to stdout (the tests that read the log).
   */
  logger?: false | 'pretty' | Writable;
  /**
   * Which process runs the background work: main passes the PostgreSQL leader election; by
   * default this app is the only process and runs it (embedded database, tests).
   */
  leadership?: Leadership;
  /** Where rate limits count when Redis is not configured or out: main passes the supervisor's in a worker. */
  machineLimits?: RateLimitStorage['machineStore'];
}

export type App = FastifyInstance;

/** TRUST_PROXY as Fastify takes it: a number means "believe exactly that many proxy hops". */
function trustProxyOption(setting: AppConfig['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/**
 * Whether a request's own X-Request-Id is kept: only from a proxy we were told to trust (which
 * must set or overwrite it), or from an in-process call of the web app's page rendering (no network
 * socket), which passes the page request's id. Anyone else gets an id made here, so a client
 * cannot forge or collide with the ids of other requests in the logs.
 */
function requestIdTrusted(request: IncomingMessage, config: AppConfig): boolean {
  return config.trustProxy !== false || inProcess(request);
}

/** A call of the web app's page rendering into the API (app.inject): it has no network socket. */
function inProcess(request: IncomingMessage): boolean {
  return !(request.socket instanceof Socket);
}

/** Builds the HTTP application: API, uploads and health checks. The web app is added by main. */
export async function buildApp({ config, database, logger, leadership = soleLeadership(), machineLimits }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            // No bearer token, cookie or one-time token/code in any log line.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // Reset tokens travel in URLs (the API path and the reset page's link).
            // No database parameter (a password hash, customer data) in a logged error either.
            serializers: { req: redactedRequestSerializer, err: logSafeErrorSerializer },
            // Standard output itself, not pino's default writer: on Linux a write to a file or a
            // pipe is a plain system call, where pino's asynchronous writer hands every line to
            // libuv's thread pool; that cost each request about 100 µs of CPU on a 2-core machine,
            // half of a kept reply (docs/decisions/066).
            ...(logger === 'pretty' ? { transport: { target: 'pino-pretty' } } : { stream: logger || process.stdout }),
          },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      const valid = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming);
      return valid && requestIdTrusted(request, config) ? incoming : randomUUID();
    },
    // A request is logged once, as it ends (AccessLog). A page's own request is logged, with its
    // id; the API calls it makes in-process (about five a page, under the same id) are not logged
    // again, line by line; their errors still are (the error handler, plugins/errors.ts).
    logController: new AccessLog({ disableRequestLogging: (request) => inProcess(request.raw) }),
    bodyLimit: 1024 * 1024,
    // Slow or silent clients cannot keep connections (and memory) forever; see README, configuration.
    connectionTimeout: config.timeouts.connectionMs,
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      // How often Node checks the header and request deadlines (its default is every 30 s).
      connectionsCheckingInterval: 1000,
      // An HTTP/1.1 request without Host is refused by the errors plugin, with the envelope,
      // instead of by Node with an empty 400.
      requireHostHeader: false,
    },
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { maxParamLength: 200 },
    // A URL the router cannot decode, or an over-long parameter, answers the error envelope too.
    frameworkErrors: frameworkErrorHandler,
    // So do the requests Node refuses before Fastify sees them: headers over the limit (431), a
    // malformed request line or header (400), a request that did not arrive in time (408).
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('services', createServices(database.db, config, app.log, database.genericPlanDb));
  // The abandoned-payment sweep, Google Merchant's background sync and the cart reminder run in one process of the
  // whole shop, the leader (docs/decisions/026); stopped before the database closes.
  const { payments, merchant, shopperEmails } = app.services;
  await leadership.run(
    {
      start: () => {
        payments.start();
        merchant.start();
        shopperEmails.cartReminders.start();
      },
      stop: async () => {
        await Promise.all([payments.stop(), merchant.stopSync(), shopperEmails.cartReminders.stop()]);
      },
    },
    app.log,
  );
  app.addHook('onClose', () => leadership.close());
  // An update all under way (started by a request here) ends as interrupted.
  app.addHook('onClose', () => merchant.stop());
  // Let e-mails already under way finish before the database they may write to is closed.
  app.addHook('onClose', () => app.services.background.drain());
  // Changes published here reach the other processes on this database, and theirs reach us.
  const disconnectChanges = await connectChangeFeed(app.services.changes, database, app.log);
  app.addHook('onClose', disconnectChanges);

  // External plugins first, then the shop's own, then routes.
  await app.register(cookie, { secret: await app.services.cart.cookieSecret() });
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  // helmet and Permissions-Policy; pages get their CSP from the web plugin, API replies are JSON.
  await app.register(securityHeadersPlugin);
  // Request metrics and /metrics; before compression, so its hook still reads error replies as text.
  await app.register(metricsPlugin);
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES });
  // Off by default; routes opt in with their own `config.rateLimit`. Counted in Redis when
  // configured, else by this machine (docs/decisions/026).
  const store = rateLimitStore({ redis: app.services.redis, machineStore: machineLimits });
  await app.register(rateLimit, { global: false, ...(store ? { store } : {}) });
  app.addHook('onClose', () => app.services.redis?.close());
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Shop API',
        description: 'The one contract for the storefront, the back office and any future app.',
        version: '1.0.0',
        license: { name: 'Proprietary (the terms of use)', url: `${config.publicUrl}/terms` },
      },
      servers: [{ url: '/', description: 'This shop' }],
      components: { securitySchemes },
    },
    // Security, operationIds, shared components and what is left out: docs/decisions/049.
    transform: documentRoutes(createJsonSchemaTransform({ schemaRegistry: openApiSchemas })),
    transformObject: finishDocument(createJsonSchemaTransformObject({ schemaRegistry: openApiSchemas })),
  });
  await app.register(apiDocsPlugin);

  await app.register(formBodyPlugin);
  await app.register(authPlugin);
  await app.register(healthRoutes);
  await app.register(uploadsPlugin, { storage: app.services.files });
  app.addHook('onClose', () => app.services.files.close());
  await app.register(pwaRoutes);
  await app.register(emailAssetRoutes);
  await app.register(merchantFeedRoutes);
  await app.register(apiRoutes, { prefix: '/api' });

  app.setNotFoundHandler((request, reply) => {
    const key = request.url.startsWith('/api') ? 'error.route_not_found' : 'error.not_found';
    return sendError(reply, 'NOT_FOUND', key);
  });

  return app;
}

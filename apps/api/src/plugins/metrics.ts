import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { machineMetrics } from '../lib/cluster-metrics.js';
import {
  collectProcessMetrics,
  countErrorResponse,
  metricsRegistry,
  observeHttpRequest,
  watchDatabasePool,
} from '../lib/metrics.js';
import { sendError } from './errors.js';

/** Every error reply starts so (the envelope's serialisation keeps this key order). */
const ENVELOPE_START = '{"success":false,"code":"';

/** Loopback and private networks: where a scraper sits when no METRICS_TOKEN is set. */
const localNetworks = new BlockList();
localNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
localNetworks.addSubnet('10.0.0.0', 8, 'ipv4');
localNetworks.addSubnet('172.16.0.0', 12, 'ipv4');
localNetworks.addSubnet('192.168.0.0', 16, 'ipv4');
localNetworks.addAddress('::1', 'ipv6');
localNetworks.addSubnet('fc00::', 7, 'ipv6');

function isLocalAddress(address: string): boolean {
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(mapped)) return localNetworks.check(mapped, 'ipv4');
  return localNetworks.check(address, 'ipv6');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Why a request may not read /metrics, if it may not. With METRICS_TOKEN: only
 * `Authorization: Bearer <token>`. Without: only a direct connection from a loopback or private
 * address. A request carrying forwarding headers while TRUST_PROXY is off came through a proxy,
 * whose own (often local) address says nothing about the client, so it is refused.
 */
export function metricsRefusal(
  request: Pick<FastifyRequest, 'headers' | 'ip'>,
  config: Pick<AppConfig, 'metricsToken' | 'trustProxy'>,
): 'token' | 'address' | undefined {
  if (config.metricsToken !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    const sent = match?.[1];
    return sent !== undefined && timingSafeEqual(digest(sent), digest(config.metricsToken)) ? undefined : 'token';
  }
  const { headers } = request;
  const forwarded = headers['x-forwarded-for'] ?? headers.forwarded ?? headers['x-real-ip'];
  if (forwarded !== undefined && config.trustProxy === false) return 'address';
  return isLocalAddress(request.ip) ? undefined : 'address';
}

/**
 * Prometheus metrics: request count and latency per route pattern, error codes, the database
 * pool, and the business counters of lib/metrics.ts, served at /metrics (hidden from the API
 * document). In a cluster worker a scrape answers the whole machine's metrics.
 */
export const metricsPlugin = fp(
  async (app) => {
    collectProcessMetrics();
    // drizzle keeps its driver's client as `$client`: node-postgres' pool, or PGlite (no pool).
    for (const db of new Set([app.database.db, app.database.genericPlanDb])) {
      const client: unknown = (db as { $client?: unknown }).$client;
      if (client instanceof pg.Pool) {
        const unwatch = watchDatabasePool(client);
        app.addHook('onClose', async () => unwatch());
      }
    }

    // Callback hooks: they run on every request, and need no promise.
    app.addHook('onResponse', (request, reply, done) => {
      observeHttpRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode >= 400 && typeof payload === 'string' && payload.startsWith(ENVELOPE_START)) {
        const end = payload.indexOf('"', ENVELOPE_START.length);
        if (end > 0) countErrorResponse(payload.slice(ENVELOPE_START.length, end));
      }
      done(null, payload);
    });

    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const refusal = metricsRefusal(request, app.config);
      if (refusal === 'token') {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(reply, 'UNAUTHENTICATED', 'error.unauthenticated');
      }
      if (refusal === 'address') return sendError(reply, 'FORBIDDEN', 'error.forbidden');
      try {
        const text = cluster.isWorker ? await machineMetrics() : await metricsRegistry.metrics();
        return reply.header('cache-control', 'no-store').type(metricsRegistry.contentType).send(text);
      } catch (error) {
        request.log.warn({ err: error }, 'metrics not collected');
        return sendError(reply, 'SERVICE_UNAVAILABLE', 'error.service_unavailable');
      }
    });
  },
  { name: 'metrics' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runReadinessChecks, type ReadinessCheck } from './readiness.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What /readyz checks besides the database. A module that needs another service (Redis,
     * object storage) pushes its check here when it is registered.
     */
    readinessChecks: ReadinessCheck[];
    /**
     * The process is stopping (SIGTERM): from now on /readyz answers 503 so that a load balancer
     * stops sending requests while the ones under way finish.
     */
    markDraining(): void;
  }
}

const livenessSchema = z.object({ status: z.literal('ok') });

const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'draining']),
  /** Each dependency's result; absent while draining (nothing is checked then). */
  checks: z.record(z.string(), z.enum(['ok', 'failed', 'timeout'])).optional(),
});

/**
 * Liveness (`/healthz`: the process runs) and readiness (`/readyz`: the database, Redis and
 * object storage when configured, and every other registered check answer within their timeout,
 * and the process is not draining) for load balancers and orchestrators. Neither appears in the
 * API document.
 */
export const healthRoutes = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    const { redis, files } = app.services;
    app.decorate('readinessChecks', [
      { name: 'database', check: () => app.database.ping() },
      // Redis and object storage only when configured: without them nothing depends on them.
      ...(redis ? [{ name: 'redis', check: () => redis.ping() }] : []),
      ...(files.kind === 's3' ? [{ name: 'storage', check: (signal: AbortSignal) => files.check(signal) }] : []),
    ] satisfies ReadinessCheck[]);
    app.decorate('markDraining', () => {
      draining = true;
    });

    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/healthz',
      { schema: { hide: true, response: { 200: livenessSchema } }, logLevel: 'warn' },
      async () => ({ status: 'ok' as const }),
    );

    routes.get(
      '/readyz',
      { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } }, logLevel: 'warn' },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (draining) return reply.code(503).send({ status: 'draining' as const });
        const report = await runReadinessChecks(app.readinessChecks);
        if (report.ready) return { status: 'ok' as const, checks: report.checks };
        for (const { name, error } of report.errors) request.log.warn({ err: error, check: name }, 'readiness check failed');
        const timedOut = Object.keys(report.checks).filter((name) => report.checks[name] === 'timeout');
        if (timedOut.length > 0) request.log.warn({ checks: timedOut }, 'readiness check timed out');
        return reply.code(503).send({ status: 'unavailable' as const, checks: report.checks });
      },
    );
  },
  { name: 'health' },
);

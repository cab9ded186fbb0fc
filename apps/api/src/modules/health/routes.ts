import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness (process up) and readiness (database reachable) for load balancers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/healthz',
    { schema: { hide: true, response: { 200: healthSchema } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );

  routes.get(
    '/readyz',
    { schema: { hide: true, response: { 200: healthSchema, 503: healthSchema } }, logLevel: 'warn' },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
}

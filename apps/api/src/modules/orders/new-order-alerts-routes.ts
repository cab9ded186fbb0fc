import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, newOrderAlertsQuerySchema, newOrderAlertsResponseSchema } from '@shop/shared';
import type { DatabaseHandle } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { requireUser } from '../../plugins/auth.js';
import { NEW_ORDERS_CHANNEL } from './new-order-alerts.js';

/** Most polls one staff member may keep waiting at once (open back-office windows). */
export const WAITING_POLLS_PER_USER = 5;

/** A wait armed before looking, so an order told between the look and the wait is not missed. */
interface ArmedWait {
  /** Resolves at the first arrival after arming, at the timeout, or when the app closes. */
  arrived: Promise<void>;
  cancel(): void;
}

/**
 * This process's ear on NEW_ORDERS_CHANNEL: it listens from the first waiting poll on, and wakes
 * every poll waiting here when any process of the shop tells of a new order (or the listening
 * connection came back, when one may have been missed).
 */
export function createArrivals(database: Pick<DatabaseHandle, 'listen'>, log: FastifyBaseLogger) {
  const waiting = new Set<() => void>();
  let listening: Promise<() => Promise<void>> | undefined;
  let closed = false;
  const wakeAll = () => {
    for (const wake of [...waiting]) wake();
  };

  return {
    /** Polls waiting in this process. */
    get waiting() {
      return waiting.size;
    },

    get closed() {
      return closed;
    },

    async arm(timeoutMs: number): Promise<ArmedWait> {
      listening ??= database.listen(NEW_ORDERS_CHANNEL, wakeAll, {
        onReconnect: wakeAll,
        onError: (error) => log.warn({ err: error }, 'new-order notifications connection failed, retrying'),
      });
      await listening;
      let wake!: () => void;
      const arrived = new Promise<void>((resolve) => {
        const timer = setTimeout(() => wake(), timeoutMs);
        wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve();
        };
      });
      if (closed) wake();
      else waiting.add(wake);
      return { arrived, cancel: () => wake() };
    },

    /** Answers every waiting poll now and stops listening (the app is closing). */
    async close(): Promise<void> {
      closed = true;
      wakeAll();
      const stop = await listening;
      await stop?.();
    },
  };
}

/** GET /api/admin/orders/new: the back office's long poll of new orders (contracts/admin-order-alerts.ts). */
export async function newOrderAlertsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { newOrderAlerts } = app.services;
  const arrivals = createArrivals(app.database, app.log);
  // Before the server waits for the requests under way: a waiting poll answers at once.
  app.addHook('preClose', () => arrivals.close());
  const waitingPerUser = new Map<number, number>();

  routes.get(
    '/admin/orders/new',
    {
      config: { permission: 'orders.manage' },
      schema: {
        tags: ['back office: orders'],
        summary: 'New orders since a cursor, waiting for one up to `wait` seconds (long polling)',
        description:
          'An order is new when it is placed cash on delivery or when its online payment is ' +
          'captured. Without `cursor`: no orders, a cursor to start from. With `wait`, an empty ' +
          'reply waits until an order arrives in any process of the shop (PostgreSQL NOTIFY) or ' +
          `the time is up; at most ${WAITING_POLLS_PER_USER} waiting polls per staff member (429).`,
        querystring: newOrderAlertsQuerySchema,
        response: {
          200: newOrderAlertsResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
          500: errorResponseSchema,
        },
      },
    },
    async (request, httpReply) => {
      const { user } = requireUser(request);
      const { cursor, wait } = request.query;
      const reply = (result: Awaited<ReturnType<typeof newOrderAlerts.list>>) => ({
        success: true as const,
        orders: result.orders,
        cursor: result.cursor,
        server_time: result.serverTime,
      });
      if (wait === 0 || cursor === undefined) return reply(await newOrderAlerts.list(cursor, request.lang));

      const mine = waitingPerUser.get(user.id) ?? 0;
      if (mine >= WAITING_POLLS_PER_USER) throw new AppError('RATE_LIMITED', 'order_alerts.too_many_waiting');
      waitingPerUser.set(user.id, mine + 1);
      const deadline = Date.now() + wait * 1000;
      let gone = false;
      let current: ArmedWait | undefined;
      const onClose = () => {
        gone = true;
        current?.cancel();
      };
      // The staff member closed the window: stop waiting (the socket's end, not the request's).
      httpReply.raw.once('close', onClose);
      try {
        for (;;) {
          current = await arrivals.arm(Math.max(0, deadline - Date.now()));
          const result = await newOrderAlerts.list(cursor, request.lang);
          if (result.orders.length > 0 || gone || Date.now() >= deadline) {
            current.cancel();
            return reply(result);
          }
          await current.arrived;
          if (gone || arrivals.closed || Date.now() >= deadline) {
            return reply(await newOrderAlerts.list(cursor, request.lang));
          }
        }
      } finally {
        httpReply.raw.off('close', onClose);
        const left = (waitingPerUser.get(user.id) ?? 1) - 1;
        if (left > 0) waitingPerUser.set(user.id, left);
        else waitingPerUser.delete(user.id);
      }
    },
  );
}

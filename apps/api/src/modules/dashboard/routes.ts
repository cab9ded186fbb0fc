import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminStatsQuerySchema, adminStatsResponseSchema } from '@shop/shared';
import { QUERY_ROUTE_FAILURES } from '../../lib/admin-form.js';

/** The back office's dashboard. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { dashboard } = app.services;

  routes.get(
    '/admin/stats',
    {
      config: { permission: 'dashboard.view' },
      schema: {
        tags: ['back office: dashboard'],
        summary:
          'The dashboard: five figures, newest products and orders, low stock, sales per day and month',
        description:
          'Figures as defined in docs/decisions/011-dashboard-figures.md: activeOrders are pending, ' +
          'processing or shipped; totalRevenue and the sales series leave out cancelled and refunded ' +
          "orders; amounts are KWD exact to the fils; days and months are Kuwait's (Asia/Kuwait), " +
          'zero-filled; totalUsers counts customer accounts. `_` (cache-busting) is ignored.',
        querystring: adminStatsQuerySchema,
        response: { 200: adminStatsResponseSchema, ...QUERY_ROUTE_FAILURES },
      },
    },
    async (request) => ({ success: true as const, stats: await dashboard.stats(request.lang) }),
  );
}

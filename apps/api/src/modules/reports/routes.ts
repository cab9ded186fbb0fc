import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSalesReportQuerySchema, adminSalesReportResponseSchema, salesReportFileName } from '@shop/shared';
import { QUERY_ROUTE_FAILURES } from '../../lib/admin-form.js';

/** The back office's reports. */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = app.services;

  routes.get(
    '/admin/reports/sales',
    {
      config: { permission: 'reports.read' },
      schema: {
        tags: ['back office: reports'],
        summary: 'Sales of a range of Kuwait days per day, product or category, with totals and top products',
        description:
          'from, to: Kuwait days YYYY-MM-DD, both included, at most 366 days; group: day (default), ' +
          'product or category. Orders counted as the dashboard counts them (neither cancelled nor ' +
          'refunded, docs/decisions/011); revenue = total − refunded (net of discounts and partial ' +
          'refunds; shipping included in day rows and totals, left out of product and category rows, ' +
          'where each line takes its share of its order by line total). Day rows: every day, zeros ' +
          'included; product and category rows: highest revenue first. KWD, exact to the fils. ' +
          'format=csv: the rows and a totals row as text/csv (UTF-8 with a byte order mark, headers ' +
          "in the request's language, filename sales-<group>-<from>-<to>.csv; docs/decisions/055).",
        querystring: adminSalesReportQuerySchema,
        response: {
          200: {
            description: 'The report (JSON), or with format=csv the CSV file',
            content: {
              'application/json': { schema: adminSalesReportResponseSchema },
              'text/csv': { schema: z.string() },
            },
          },
          ...QUERY_ROUTE_FAILURES,
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.format === 'csv') {
        // A stream, which the typed reply (JSON bodies) does not describe; fastify sends it as it is.
        const file: FastifyReply = reply;
        return file
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${salesReportFileName(query)}"`)
          .send(await reports.salesCsv(query, request.lang));
      }
      return { success: true as const, report: await reports.sales(query, request.lang) };
    },
  );
}

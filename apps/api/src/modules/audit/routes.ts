import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogResponseSchema } from '@shop/shared';
import { QUERY_ROUTE_FAILURES } from '../../lib/admin-form.js';

/** The activity view of the back office: the audit trail, for administrators. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { auditLog } = app.services;

  routes.get(
    '/admin/audit-log',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['back office: activity'],
        summary:
          'The audit trail, newest first, filtered by person and kind of item, a page at a time',
        description:
          'Every back-office write records who made it, what it touched and the fields it changed ' +
          '(from → to; money in thousandths, secrets never). Each entry names its record in the ' +
          "request's language (`record_name`; `record_deleted` when it is gone, named from the " +
          'entry); `names` names the records the changes point to (category_id, country_id, a ' +
          "product's attribute_variations…). `actors` and `entities` list everyone and everything " +
          'in the whole trail, for the filters.',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, ...QUERY_ROUTE_FAILURES },
      },
    },
    async (request) => ({ success: true as const, ...(await auditLog.page(request.query, request.lang)) }),
  );
}

import { inArray } from 'drizzle-orm';
import { apiMessage, type AdminOrderBulkResult, type AdminOrderBulkStatusResponse, type Language } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { OrderRow } from './present.js';

/**
 * Runs one status change per order, one after the other, each in its own transaction (`change`,
 * the single change's own code): an order refused (unknown, out of stock, status and money in
 * conflict) is reported with its code and message in the request's language and never stops the
 * others. Results follow the order of `ids`.
 */
export async function changeManyStatuses(
  db: Database,
  ids: readonly number[],
  change: (id: number) => Promise<OrderRow>,
  lang: Language,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Omit<AdminOrderBulkStatusResponse, 'success'>> {
  const numbers = new Map(
    (await db.select({ id: orders.id, number: orders.order_number }).from(orders).where(inArray(orders.id, [...ids]))).map(
      (row) => [row.id, row.number],
    ),
  );
  const results: AdminOrderBulkResult[] = [];
  for (const id of ids) {
    try {
      const row = await change(id);
      results.push({ id, order_number: row.order_number, ok: true, status: row.status });
    } catch (error) {
      if (!(error instanceof AppError)) log?.warn({ err: error, orderId: id }, 'Bulk status change failed for an order');
      const refusal =
        error instanceof AppError
          ? { code: error.code, message: apiMessage(error.messageKey, lang, error.params) }
          : { code: 'INTERNAL' as const, message: apiMessage('error.internal', lang) };
      results.push({ id, order_number: numbers.get(id) ?? null, ok: false, error: refusal });
    }
  }
  const succeeded = results.filter((result) => result.ok).length;
  const failed = results.length - succeeded;
  const updated = apiMessage('orders.bulk_updated', lang, { count: succeeded });
  const message =
    failed === 0
      ? updated
      : `${updated}${lang === 'ar' ? '، ' : ', '}${apiMessage('orders.bulk_refused', lang, { count: failed })}`;
  return { results, succeeded, failed, message };
}

import type { Readable } from 'node:stream';
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  amountDigits,
  apiMessage,
  orderStatuses,
  paymentMethods,
  promoDayEnd,
  promoDayStart,
  SHOP_TIME_ZONE,
  type AdminOrderExportQuery,
  type Language,
  type OrderStatus,
  type PaymentMethod,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import { csvFile } from '../../lib/csv-file.js';
import { orders } from '../../db/schema/index.js';
import { paymentMethodName, statusLabel } from './present.js';

/**
 * The back office's orders export (issue 30, item 8; docs/decisions/044-orders-export.md): the
 * orders of a range of Kuwait days as CSV, oldest first, read in keyset batches of
 * EXPORT_BATCH_SIZE by (created_at, id) and written through csv-stringify as the client takes
 * them, so a process holds one batch at a time whatever the number of orders.
 */
export const EXPORT_BATCH_SIZE = 1_000;

/** The columns, in order: their header's message key. */
const COLUMNS = [
  'number',
  'date',
  'customer',
  'email',
  'phone',
  'city',
  'status',
  'payment_method',
  'subtotal',
  'discount',
  'shipping',
  'gift_wrap',
  'total',
  'refunded',
] as const;

export const exportHeaders = (lang: Language): string[] =>
  COLUMNS.map((column) => apiMessage(`orders.export.column.${column}`, lang));

/** The file's name: orders-<from>-<to>.csv. */
export const exportFileName = (query: Pick<AdminOrderExportQuery, 'from' | 'to'>) =>
  `orders-${query.from}-${query.to}.csv`;

function exportConditions(query: AdminOrderExportQuery): SQL[] {
  const conditions: SQL[] = [
    gte(orders.created_at, promoDayStart(query.from)),
    lt(orders.created_at, promoDayEnd(query.to)),
  ];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.city !== undefined) conditions.push(eq(orders.city_id, query.city));
  return conditions;
}

/** Where the previous batch ended: its last created_at as PostgreSQL's exact text (microseconds) and id. */
interface Cursor {
  at: string;
  id: number;
}

/** The export's rows as CSV cells, batch by batch. */
async function* exportRows(db: Database, query: AdminOrderExportQuery, lang: Language): AsyncGenerator<string[]> {
  const en = lang === 'en';
  const statusWords = new Map<OrderStatus, string>(orderStatuses.map((status) => [status, statusLabel(status, lang)]));
  const methodWords = new Map<PaymentMethod, string>(
    paymentMethods.map((method) => [method, paymentMethodName(method, lang)]),
  );
  const base = exportConditions(query);
  let cursor: Cursor | null = null;
  for (;;) {
    const after: SQL[] = cursor
      ? [sql`(${orders.created_at}, ${orders.id}) > (${cursor.at}::timestamptz, ${cursor.id})`]
      : [];
    const batch = await db
      .select({
        id: orders.id,
        cursor_at: sql<string>`${orders.created_at}::text`,
        order_number: orders.order_number,
        local_time: sql<string>`to_char(${orders.created_at} at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
        customer_name: orders.customer_name,
        customer_email: orders.customer_email,
        customer_phone: orders.customer_phone,
        city_name: en ? orders.city_name_en : orders.city_name_ar,
        status: orders.status,
        payment_method: orders.payment_method,
        subtotal: orders.subtotal,
        discount_amount: orders.discount_amount,
        shipping_amount: orders.shipping_amount,
        gift_wrap_fee: orders.gift_wrap_fee,
        total_amount: orders.total_amount,
        refunded_amount: orders.refunded_amount,
      })
      .from(orders)
      .where(and(...base, ...after))
      .orderBy(asc(orders.created_at), asc(orders.id))
      .limit(EXPORT_BATCH_SIZE);
    for (const row of batch) {
      yield [
        row.order_number,
        row.local_time,
        row.customer_name,
        row.customer_email,
        row.customer_phone,
        row.city_name,
        statusWords.get(row.status) ?? row.status,
        methodWords.get(row.payment_method) ?? row.payment_method,
        amountDigits(row.subtotal, 3),
        amountDigits(row.discount_amount, 3),
        amountDigits(row.shipping_amount, 3),
        amountDigits(row.gift_wrap_fee, 3),
        amountDigits(row.total_amount, 3),
        amountDigits(row.refunded_amount, 3),
      ];
    }
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH_SIZE) return;
    cursor = { at: last.cursor_at, id: last.id };
  }
}

/**
 * The export as a byte stream: a UTF-8 byte order mark (so spreadsheet programs read the Arabic
 * as UTF-8), the header row in the request's language, then one row per order, CRLF-separated.
 * The rows are read only as fast as the client takes the file (stream backpressure); a client
 * that goes away ends the reading.
 */
export function ordersCsv(db: Database, query: AdminOrderExportQuery, lang: Language): Readable {
  return csvFile(exportHeaders(lang), exportRows(db, query, lang));
}

import { sql, type SQL } from 'drizzle-orm';
import { fromThousandths, type OrderStatus, type PaymentStatus, type Thousandths } from '@shop/shared';
import { queryRows, type Executor } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { orderRevenue } from './stats.js';

/**
 * What a customer has spent at the shop, the back office's "total spent" (issue 30, item 1):
 * the sum of total_amount − refunded_amount over the customer's orders, leaving out cancelled
 * orders and online orders whose payment is still awaited or failed (no money changed hands).
 * This is the one place the rule is written; the figures below and any other reader use it.
 */
export const SPEND_EXCLUDED_STATUSES: readonly OrderStatus[] = ['cancelled'];
export const SPEND_EXCLUDED_PAYMENT_STATUSES: readonly PaymentStatus[] = ['awaiting_payment', 'failed'];

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The SQL condition "this order's money counts towards what its customer spent". */
export const countsAsCustomerSpend: SQL = sql`(${orders.status} not in (${list(SPEND_EXCLUDED_STATUSES)})
  and ${orders.payment_status} not in (${list(SPEND_EXCLUDED_PAYMENT_STATUSES)}))`;

/** What one order adds to its customer's spend, in fils: what it brought in (stats.ts). */
const orderSpend = orderRevenue;

export interface CustomerOrderFigures {
  /** Every order placed from the account, whatever its status. */
  orders_count: number;
  /** KWD, as the other amounts of the API (decimal number, 3 places at most). */
  total_spent: number;
  /** ISO 8601 time of the newest order; null without orders. */
  last_order_at: string | null;
}

/** A sum of fils read back from PostgreSQL's numeric text, refused if beyond exact numbers. */
function filsFromSum(text: string | null): Thousandths {
  const value = Number(text ?? '0');
  if (!Number.isSafeInteger(value)) throw new RangeError(`Spend out of range: ${text}`);
  return value;
}

/** A customer's order count, spend and latest order in one query (orders_user_id_idx). */
export async function customerOrderFigures(executor: Executor, userId: number): Promise<CustomerOrderFigures> {
  const [row] = await queryRows<{ orders_count: number; spent: string | null; last_order_at: string | null }>(
    executor,
    sql`select count(*)::int as orders_count,
        coalesce(sum(${orderSpend}) filter (where ${countsAsCustomerSpend}), 0)::text as spent,
        to_char(max(${orders.created_at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_order_at
      from ${orders}
      where ${orders.user_id} = ${userId}`,
  );
  return {
    orders_count: Number(row?.orders_count ?? 0),
    total_spent: fromThousandths(filsFromSum(row?.spent ?? null)),
    last_order_at: row?.last_order_at ?? null,
  };
}

import { sql } from 'drizzle-orm';
import {
  ACTIVE_ORDER_STATUSES,
  NON_REVENUE_ORDER_STATUSES,
  ORDER_STATUS_COLORS,
  fromThousandths,
  type DashboardOrder,
  type OrderStatus,
  type Thousandths,
} from '@shop/shared';
import { queryRows, type Executor } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { splitFullName } from '../accounts/index.js';

/**
 * The orders module's figures for the dashboard (docs/decisions/011-dashboard-figures.md). They
 * live here because a module never reads another module's tables: the dashboard calls these.
 * Money stays in thousandths (fils) until the reply.
 */

export interface OrderFigures {
  totalOrders: number;
  activeOrders: number;
  /** What every order that counts as revenue brought in (orderRevenue), in fils. */
  revenue: Thousandths;
}

/** Sales of one shop day: the revenue in fils and the number of orders that count as revenue. */
export interface DaySales {
  /** YYYY-MM-DD in the shop's time zone. */
  day: string;
  revenue: Thousandths;
  orders: number;
}

const statusList = (statuses: readonly OrderStatus[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/** The condition "this order's money counts": neither cancelled nor refunded. */
export const countsAsRevenue = sql`${orders.status} not in (${statusList(NON_REVENUE_ORDER_STATUSES)})`;

/**
 * What an order brought in, in fils: its total (net of its discount) less what was refunded of it.
 * The dashboard, the sales report and a customer's figures all count an order's money this way.
 */
export const orderRevenue = sql`(${orders.total_amount} - ${orders.refunded_amount})`;

/** A sum of integer fils read back from PostgreSQL's bigint text, refused if beyond exact numbers. */
export function filsFromSum(text: string | null): Thousandths {
  const value = Number(text ?? '0');
  if (!Number.isSafeInteger(value)) throw new RangeError(`Revenue out of range: ${text}`);
  return value;
}

/** Every order, the active ones and the revenue, in one pass over the orders. */
export async function orderFigures(executor: Executor): Promise<OrderFigures> {
  const [row] = await queryRows<{ total: number; active: number; revenue: string | null }>(
    executor,
    sql`select count(*)::int as total,
        count(*) filter (where ${orders.status} in (${statusList(ACTIVE_ORDER_STATUSES)}))::int as active,
        sum(${orderRevenue}) filter (where ${countsAsRevenue})::text as revenue
      from ${orders}`,
  );
  return {
    totalOrders: Number(row?.total ?? 0),
    activeOrders: Number(row?.active ?? 0),
    revenue: filsFromSum(row?.revenue ?? null),
  };
}

/** The newest orders (created_at, then id, descending) as the dashboard lists them. */
export async function recentOrders(executor: Executor, limit: number): Promise<DashboardOrder[]> {
  const rows = await queryRows<{
    id: number;
    order_number: string;
    customer_name: string;
    created_at: string;
    total_amount: number;
    status: OrderStatus;
  }>(
    executor,
    sql`select ${orders.id} as id, ${orders.order_number} as order_number,
        ${orders.customer_name} as customer_name, ${orders.total_amount} as total_amount,
        ${orders.status} as status,
        to_char(${orders.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from ${orders}
      order by ${orders.created_at} desc, ${orders.id} desc
      limit ${limit}`,
  );
  return rows.map((row) => {
    const name = splitFullName(row.customer_name);
    return {
      id: row.id,
      order_number: row.order_number,
      first_name: name.first_name,
      last_name: name.last_name ?? '',
      created_at: row.created_at,
      total_amount: fromThousandths(row.total_amount),
      status: row.status,
      status_color: ORDER_STATUS_COLORS[row.status],
    };
  });
}

/**
 * Revenue and orders per shop day from `fromDay` to `toDay` (YYYY-MM-DD days in `timeZone`, both
 * included), for the orders that count as revenue; only days with orders are returned, oldest
 * first. The range is a created_at range (orders_created_at_idx), the day of each order its
 * calendar day in `timeZone`.
 */
export async function salesByDay(
  executor: Executor,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<DaySales[]> {
  const localDay = sql`(${orders.created_at} at time zone ${timeZone})::date`;
  const rows = await queryRows<{ day: string; orders: number; revenue: string }>(
    executor,
    sql`select to_char(${localDay}, 'YYYY-MM-DD') as day, count(*)::int as orders,
        sum(${orderRevenue})::text as revenue
      from ${orders}
      where ${orders.created_at} >= (${fromDay}::date::timestamp at time zone ${timeZone})
        and ${orders.created_at} < ((${toDay}::date + 1)::timestamp at time zone ${timeZone})
        and ${countsAsRevenue}
      group by 1
      order by 1`,
  );
  return rows.map((row) => ({
    day: row.day,
    orders: Number(row.orders),
    revenue: filsFromSum(row.revenue),
  }));
}

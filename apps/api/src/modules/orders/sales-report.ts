import { sql, type SQL } from 'drizzle-orm';
import type { Language, Thousandths } from '@shop/shared';
import { queryRows, type Executor } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';
import { countsAsRevenue, filsFromSum, orderRevenue } from './stats.js';

/**
 * The orders module's figures for the sales report (docs/decisions/055). The orders counted are
 * the dashboard's (`countsAsRevenue`, decision 011) placed in a range of shop days; an order's
 * revenue is total_amount − refunded_amount (net of its discount and of partial refunds; a full
 * refund makes it `refunded`, which does not count). Money in fils until the reply.
 */

/** One shop day's orders and money. */
export interface ReportDay {
  /** YYYY-MM-DD in the shop's time zone. */
  day: string;
  orders: number;
  units: number;
  revenue: Thousandths;
  shipping: Thousandths;
  discounts: Thousandths;
  refunds: Thousandths;
}

/** One product's share of the range's sales. */
export interface ReportLineGroup {
  /** The product's id; null: lines of deleted products. */
  key: number | null;
  /** The product's name on its newest line, in the asked language (Arabic when it had no English name). */
  name: string;
  orders: number;
  units: number;
  /** The lines' share of their orders' revenue less shipping and gift wrapping (see lineRevenue). */
  revenue: Thousandths;
  /** The ids of the group's orders, when asked for (salesReportLines' `withOrderIds`). */
  orderIds?: number[];
}

/** The counted orders of a range of shop days (orders_created_id_idx answers the range). */
function countedOrdersIn(fromDay: string, toDay: string, timeZone: string): SQL {
  return sql`${orders.created_at} >= (${fromDay}::date::timestamp at time zone ${timeZone})
    and ${orders.created_at} < ((${toDay}::date + 1)::timestamp at time zone ${timeZone})
    and ${countsAsRevenue}`;
}

/**
 * Per shop day from `fromDay` to `toDay` (both included): orders, units, revenue, shipping,
 * discounts and refunds of the counted orders. Only days with orders, oldest first.
 */
export async function salesReportDays(
  executor: Executor,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<ReportDay[]> {
  const rows = await queryRows<{
    day: string;
    orders: number;
    units: string;
    revenue: string;
    shipping: string;
    discounts: string;
    refunds: string;
  }>(
    executor,
    sql`select to_char(counted.day, 'YYYY-MM-DD') as day, count(*)::int as orders,
        coalesce(sum(counted.units), 0)::text as units, sum(counted.revenue)::text as revenue,
        sum(counted.shipping)::text as shipping, sum(counted.discounts)::text as discounts,
        sum(counted.refunds)::text as refunds
      from (
        select (${orders.created_at} at time zone ${timeZone})::date as day,
          ${orderRevenue} as revenue, ${orders.shipping_amount} as shipping,
          ${orders.discount_amount} as discounts, ${orders.refunded_amount} as refunds,
          -- Each order's lines through order_items_order_id_idx: cheaper than hashing every line.
          (select sum(${orderItems.quantity}) from ${orderItems} where ${orderItems.order_id} = ${orders.id}) as units
        from ${orders}
        where ${countedOrdersIn(fromDay, toDay, timeZone)}
      ) as counted
      group by counted.day
      order by counted.day`,
  );
  return rows.map((row) => ({
    day: row.day,
    orders: Number(row.orders),
    units: filsFromSum(row.units),
    revenue: filsFromSum(row.revenue),
    shipping: filsFromSum(row.shipping),
    discounts: filsFromSum(row.discounts),
    refunds: filsFromSum(row.refunds),
  }));
}

/**
 * The sales of the range per product, highest revenue first. A line's revenue is its share, by
 * line total, of its order's revenue less shipping and gift wrapping — (total − refunded −
 * shipping − gift_wrap_fee) × line_total / subtotal, rounded to the fils — so an order's discount and partial refunds are spread over its
 * lines. With `withOrderIds`, each group also lists its orders' ids, so a caller can regroup the
 * products (by category) and still count each order once, without reading the lines again.
 */
export async function salesReportLines(
  executor: Executor,
  fromDay: string,
  toDay: string,
  timeZone: string,
  lang: Language,
  options: { withOrderIds?: boolean } = {},
): Promise<ReportLineGroup[]> {
  const name = lang === 'en' ? sql`coalesce(${orderItems.product_name_en}, ${orderItems.product_name})` : sql`${orderItems.product_name}`;
  const orderIds = options.withOrderIds
    ? sql`string_agg(distinct lines.order_id::text, ',')`
    : sql`null::text`;
  const rows = await queryRows<{
    key: number | null;
    name: string;
    orders: number;
    units: string;
    revenue: string;
    order_ids: string | null;
  }>(
    executor,
    sql`with counted as (
        select ${orders.id} as id, ${orders.subtotal} as subtotal,
          ${orderRevenue} - ${orders.shipping_amount} - ${orders.gift_wrap_fee} as net
        from ${orders}
        where ${countedOrdersIn(fromDay, toDay, timeZone)}
      ), lines as (
        select ${orderItems.id} as id, ${orderItems.product_id} as product_id, ${orderItems.order_id} as order_id,
          ${orderItems.quantity} as quantity,
          case when counted.subtotal > 0
            then greatest(0, round(${orderItems.line_total}::numeric * counted.net / counted.subtotal))
            else 0 end as revenue
        from ${orderItems} join counted on counted.id = ${orderItems.order_id}
      ), grouped as (
        select lines.product_id as key, max(lines.id) as last_line, count(distinct lines.order_id)::int as orders,
          sum(lines.quantity)::text as units, sum(lines.revenue) as revenue, ${orderIds} as order_ids
        from lines
        group by 1
      )
      -- The name of each group's newest line (the highest id), looked up once per row.
      select grouped.key, ${name} as name, grouped.orders, grouped.units, grouped.revenue::text as revenue,
        grouped.order_ids
      from grouped join ${orderItems} on ${orderItems.id} = grouped.last_line
      order by grouped.revenue desc, grouped.key`,
  );
  return rows.map((row) => ({
    key: row.key === null ? null : Number(row.key),
    name: row.name,
    orders: Number(row.orders),
    units: filsFromSum(row.units),
    revenue: filsFromSum(row.revenue),
    ...(row.order_ids === null ? {} : { orderIds: row.order_ids.split(',').map(Number) }),
  }));
}

import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  apiMessage,
  fromThousandths,
  normalizeArabic,
  ORDER_NUMBER_PATTERN,
  ORDER_SEARCH_COUNT_CAP,
  shipmentOf,
  ORDER_STATUS_COLORS,
  STOCK_RELEASED_STATUSES,
  statusPaymentConflict,
  type AdminOrder,
  type AdminOrderBulkStatusBody,
  type AdminOrderCity,
  type AdminOrderListQuery,
  type AdminOrderSummary,
  type Language,
  type OrderStatus,
  type OrderStatusHistoryEntry,
  type Pagination,
  type ShipmentInput,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Executor } from '../../db/client.js';
import {
  orderItems,
  orders,
  orderStatusHistory,
  paymentAttempts,
  products,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { BackgroundTasks } from '../../lib/background-tasks.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { isShippingUpdate, type NotificationsService } from '../notifications/index.js';
import {
  paymentMethodName,
  presentAdminOrder,
  refundedUnitsByItem,
  statusLabel,
  type OrderItemRow,
  type OrderRow,
} from './present.js';
import { changeManyStatuses } from './bulk-status.js';
import { refundsOf } from './refunds.js';
import { shipmentChange, shipmentNote, type ShipmentColumns } from './shipment.js';
import { outOfStock, returnUnits, takeUnits, type StockMove } from './stock.js';

export interface OrderAdministrationDeps {
  /**
   * Where status changes and deletions tell of themselves (OrderStatusChanged, StockChanged,
   * ActivityRecorded), inside their transaction.
   */
  events: DomainEvents;
  /** Mails the customer when an order ships or is delivered; called after the change committed. */
  notifications?: Pick<NotificationsService, 'sendOrderStatusUpdate'>;
  /** Runs those e-mails after the reply. */
  background?: Pick<BackgroundTasks, 'run'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface AdminOrderList {
  orders: AdminOrderSummary[];
  pagination: Pagination;
  /** The search's count stopped at ORDER_SEARCH_COUNT_CAP: pagination.total is a lower bound. */
  total_capped: boolean;
  cities: AdminOrderCity[];
}

export interface StatusChange {
  /** The order row after the change. */
  row: OrderRow;
  changed: boolean;
}

/** Whether an order in this status holds its units (every status but cancelled and refunded). */
export const holdsStock = (status: OrderStatus) => !STOCK_RELEASED_STATUSES.includes(status);

/** A LIKE pattern that finds the text anywhere, with its wildcards taken literally. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The list's filters. Every word of the search must occur in the order's search text (number,
 * customer name, e-mail; normalised like it), which the trigram index answers. `textSearch` says
 * whether a word is searched in that text (not a whole order number).
 */
function listConditions(query: AdminOrderListQuery): { where: SQL | undefined; textSearch: boolean } {
  const conditions: SQL[] = [];
  let textSearch = false;
  const words = query.search ? [...new Set(normalizeArabic(query.search).split(' ').filter(Boolean))] : [];
  for (const word of words) {
    // A whole order number (pasted from an e-mail) is found by its unique index at once.
    const number = word.toUpperCase();
    const wholeNumber = ORDER_NUMBER_PATTERN.test(number);
    textSearch ||= !wholeNumber;
    conditions.push(
      wholeNumber ? eq(orders.order_number, number) : sql`${orders.search_text} like ${likePattern(word)} escape '\\'`,
    );
  }
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.city_id !== undefined) conditions.push(eq(orders.city_id, query.city_id));
  if (query.user_id !== undefined) conditions.push(eq(orders.user_id, query.user_id));
  return { where: conditions.length === 0 ? undefined : and(...conditions), textSearch };
}

/** What a list's count depends on: its filters, not its page. */
const countKey = (query: AdminOrderListQuery) =>
  JSON.stringify([query.search ? normalizeArabic(query.search) : '', query.status ?? '', query.city_id ?? '', query.user_id ?? '']);

interface CityRow {
  id: number | null;
  name_ar: string;
  name_en: string;
}

/**
 * The cities that occur in orders, by their latest snapshot names; cities deleted since are
 * named by their snapshots with id null. Walks the (city_id, created_at, id) index one city at a
 * time (a loose index scan), so it costs a few probes per city, not a scan of every order.
 */
const citiesQuery = sql`
  with recursive city_ids as (
    (select city_id from ${orders} where city_id is not null order by city_id limit 1)
    union all
    select (select o.city_id from ${orders} o where o.city_id > c.city_id order by o.city_id limit 1)
    from city_ids c where c.city_id is not null
  )
  select c.city_id as id, latest.city_name_ar as name_ar, latest.city_name_en as name_en
  from city_ids c
  cross join lateral (
    select o.city_name_ar, o.city_name_en from ${orders} o
    where o.city_id = c.city_id order by o.created_at desc, o.id desc limit 1
  ) latest
  where c.city_id is not null
  union all
  select distinct null::int, city_name_ar, city_name_en from ${orders} where city_id is null`;

/**
 * Pieces per product over an order's lines, in product id order (the checkout's lock order). A
 * line's units that a partial refund already put back on the shelf (`restocked`, by order item id)
 * are not the order's any more: they never move with its status (docs/decisions/043).
 */
function unitsByProduct(items: readonly OrderItemRow[], restocked: ReadonlyMap<number, number>): Array<[number, number]> {
  const units = new Map<number, number>();
  for (const item of items) {
    const held = item.quantity - (restocked.get(item.id) ?? 0);
    if (item.product_id !== null && held > 0) units.set(item.product_id, (units.get(item.product_id) ?? 0) + held);
  }
  return [...units.entries()].sort(([a], [b]) => a - b);
}

export async function itemsOf(executor: Executor, orderId: number): Promise<OrderItemRow[]> {
  return executor.select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(orderItems.id);
}

/** The units of each order line that partial refunds restocked, by order item id. */
async function restockedUnits(executor: Executor, orderId: number): Promise<Map<number, number>> {
  const units = refundedUnitsByItem(await refundsOf(executor, orderId));
  return new Map([...units].map(([itemId, { restocked }]) => [itemId, restocked]));
}

/** The order row, locked until the transaction ends; NOT_FOUND when there is none. */
export async function lockOrder(tx: Executor, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw AppError.notFound('order.not_found');
  return row;
}

/**
 * Takes the order's units again (an order leaving cancelled/refunded). A product that lacks
 * them refuses the whole change (409 OUT_OF_STOCK naming it in the request's language); a
 * product deleted since is skipped.
 */
async function takeOrderUnits(
  tx: Executor,
  move: StockMove,
  items: readonly OrderItemRow[],
): Promise<void> {
  for (const [productId, quantity] of unitsByProduct(items, await restockedUnits(tx, move.orderId))) {
    if (await takeUnits(tx, move, productId, quantity)) continue;
    const [product] = await tx
      .select({ ar: products.name, en: products.name_en })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) continue;
    throw outOfStock(product, 'status');
  }
}

/**
 * Returns the order's units to their products (those that still exist and manage stock), less
 * those a partial refund restocked already.
 */
async function returnOrderUnits(tx: Executor, move: StockMove, items: readonly OrderItemRow[]): Promise<void> {
  for (const [productId, quantity] of unitsByProduct(items, await restockedUnits(tx, move.orderId))) {
    await returnUnits(tx, move, productId, quantity);
  }
}

/** Who moves an order: a staff member (history and audit name them) or the shop itself (payments). */
export interface TransitionBy {
  actor: Actor | null;
  notes: string | null;
  lang: Language;
}

/**
 * Moves a locked order (`before`) to `status` inside the caller's transaction (one the event bus
 * opened): entering cancelled/refunded from a status that holds stock returns the units, leaving
 * them takes the units again (409 OUT_OF_STOCK when a product lacks them); writes the history row
 * and publishes OrderStatusChanged (the activity trail records a staff actor's). The same status
 * again changes nothing. `extra` columns (e.g. the payment status) are written with the status in
 * the same update.
 */
export async function transitionOrder(
  tx: Executor,
  events: DomainEvents,
  before: OrderRow,
  status: OrderStatus,
  by: TransitionBy,
  extra: Partial<Pick<OrderRow, 'payment_status' | 'paid_at'> & ShipmentColumns> = {},
): Promise<StatusChange> {
  if (before.status === status && Object.keys(extra).length === 0) {
    return { row: before, changed: false };
  }
  const items = await itemsOf(tx, before.id);
  if (holdsStock(before.status) && !holdsStock(status)) {
    await returnOrderUnits(tx, { events, orderId: before.id, reason: 'order_released', actor: by.actor }, items);
  } else if (!holdsStock(before.status) && holdsStock(status)) {
    await takeOrderUnits(tx, { events, orderId: before.id, reason: 'order_retaken', actor: by.actor }, items);
  }
  const [after] = await tx
    .update(orders)
    .set({ ...extra, status, updated_at: new Date() })
    .where(eq(orders.id, before.id))
    .returning();
  if (before.status !== status || by.notes !== null) {
    await tx.insert(orderStatusHistory).values({
      order_id: before.id,
      from_status: before.status,
      to_status: status,
      notes: by.notes,
      actor_id: by.actor?.id ?? null,
      actor_email: by.actor?.email ?? null,
    });
  }
  await events.publish(tx, {
    type: 'OrderStatusChanged',
    orderId: before.id,
    from: before.status,
    to: status,
    notes: by.notes,
    actor: by.actor,
    ...(extra.payment_status ? { payment: { from: before.payment_status, to: extra.payment_status } } : {}),
    ...(extra.carrier !== undefined || extra.tracking_number !== undefined || extra.tracking_url !== undefined
      ? {
          shipment: {
            carrier: after!.carrier,
            tracking_number: after!.tracking_number,
            tracking_url: after!.tracking_url,
          },
        }
      : {}),
  });
  return { row: after!, changed: true };
}

/**
 * The back office's orders: the list, the staff detail, status
 * changes with their stock, history, audit entry and e-mail, and deletion.
 */
/**
 * How long the list's count and cities are kept at most. They go at once when an order is placed,
 * changes status or is deleted, or a city or account it names is deleted, in any process (the
 * change feed's `orders`); the time only bounds a copy whose notification was lost.
 */
const LIST_FIGURES_TTL_MS = 5 * 60_000;

export function createOrderAdministration(db: Database, deps: OrderAdministrationDeps) {
  // The exact count of a filter cost most of a page at 100,000 orders (the whole table, read
  // again for every page turned), and the cities a probe per city: both are kept per filter
  // between requests, until the orders change (docs/decisions/045).
  const listCounts = createTtlCache<number>({ name: 'admin_order_counts', ttlMs: LIST_FIGURES_TTL_MS, maxEntries: 500 });
  const listCities = createTtlCache<CityRow[]>({ name: 'admin_order_cities', ttlMs: LIST_FIGURES_TTL_MS, maxEntries: 1 });
  async function history(executor: Executor, orderId: number): Promise<OrderStatusHistoryEntry[]> {
    const rows = await executor
      .select({
        id: orderStatusHistory.id,
        from_status: orderStatusHistory.from_status,
        to_status: orderStatusHistory.to_status,
        notes: orderStatusHistory.notes,
        actor_name: users.name,
        actor_email: orderStatusHistory.actor_email,
        created_at: orderStatusHistory.created_at,
      })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.actor_id))
      .where(eq(orderStatusHistory.order_id, orderId))
      .orderBy(asc(orderStatusHistory.created_at), asc(orderStatusHistory.id));
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  async function staffOrder(executor: Executor, row: OrderRow, lang: Language): Promise<AdminOrder> {
    const [payment] = await executor
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.order_id, row.id))
      .orderBy(desc(paymentAttempts.id))
      .limit(1);
    return presentAdminOrder(
      row,
      await itemsOf(executor, row.id),
      await history(executor, row.id),
      lang,
      payment,
      await refundsOf(executor, row.id),
    );
  }

  /** After commit: the shipping update e-mail in the order's language, in the background. */
  function mailStatus(row: OrderRow): void {
    const { notifications } = deps;
    const status = row.status;
    if (!notifications || !isShippingUpdate(status)) return;
    const send = () =>
      notifications.sendOrderStatusUpdate(
        {
          id: row.id,
          order_number: row.order_number,
          email: row.customer_email,
          name: row.customer_name,
          shipment: shipmentOf(row),
        },
        status,
        row.language,
      );
    const warn = (error: unknown) =>
      deps.log?.warn({ err: error, orderNumber: row.order_number, status }, 'Order status e-mail could not be sent');
    if (deps.background) deps.background.run(send, warn);
    else void send().catch(warn);
  }

  /**
   * One status change under the order's row lock (see changeOrderStatus), then its e-mail after
   * the commit; the order row as it is now.
   */
  async function applyStatusChange(
    actor: Actor,
    id: number,
    change: { status: OrderStatus; notes: string | null; shipment: ShipmentInput },
    lang: Language,
  ): Promise<OrderRow> {
    const { status, notes } = change;
    const result = await deps.events.transaction(db, async (tx): Promise<StatusChange> => {
      const before = await lockOrder(tx, id);
      // Status and money agree: a paid online order is refunded by the refund action only.
      const conflict = before.status === status ? null : statusPaymentConflict(before, status);
      if (conflict) {
        const key = `orders.status_conflict.${conflict}` as const;
        throw new AppError('CONFLICT', key, [{ field: 'status', message: key }]);
      }
      const shipment = status === 'shipped' ? shipmentChange(before, change.shipment) : null;
      if (before.status === status && shipment === null) return { row: before, changed: false };
      const note = notes ?? (shipment ? shipmentNote(shipment, lang) : null);
      return transitionOrder(tx, deps.events, before, status, { actor, notes: note, lang }, shipment ?? {});
    });
    if (result.changed) mailStatus(result.row);
    return result.row;
  }

  /** The orders that match a list's filters; a text search stops past ORDER_SEARCH_COUNT_CAP + 1. */
  function countMatches(where: SQL | undefined, textSearch: boolean): Promise<number> {
    // A word of text matches through the trigram index, whose every match is read from the
    // table to be checked: counting a common name's thousands of orders cost more than the
    // rest of the page, so such a count stops past ORDER_SEARCH_COUNT_CAP ("more than 1,000").
    const query = textSearch
      ? db
          .select({ total: sql<number>`count(*)::int` })
          .from(
            db
              .select({ one: sql`1` })
              .from(orders)
              .where(where)
              .limit(ORDER_SEARCH_COUNT_CAP + 1)
              .as('matches'),
          )
      : db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where);
    return query.then(([counted]) => counted?.total ?? 0);
  }

  return {
    /**
     * Forgets the kept counts and cities of the order lists: called when orders changed in any
     * process (subscribers.ts).
     */
    forgetListFigures(): void {
      listCounts.clear();
      listCities.clear();
    },

    /**
     * One page of orders, newest first, with the total for the filters and the cities that occur
     * in orders. One query for the page (with the pieces of its orders) whatever its size; the
     * count and the cities are kept between requests until the orders change.
     */
    async listOrders(query: AdminOrderListQuery, lang: Language): Promise<AdminOrderList> {
      const { where, textSearch } = listConditions(query);
      const en = lang === 'en';
      // The page first (the list's indexes answer it), then the pieces of its orders only: in
      // one query the sums would be computed for every row an offset skips as well. The sum
      // names page.id in full: Drizzle leaves the columns of a one-table query unqualified.
      const page = db
        .select({
          id: orders.id,
          order_number: orders.order_number,
          status: orders.status,
          created_at: orders.created_at,
          user_id: orders.user_id,
          customer_name: orders.customer_name,
          customer_email: orders.customer_email,
          customer_phone: orders.customer_phone,
          city_id: orders.city_id,
          city_name: sql<string>`${en ? orders.city_name_en : orders.city_name_ar}`.as('city_name'),
          governorate_name: sql<string | null>`${en ? orders.governorate_name_en : orders.governorate_name_ar}`.as(
            'governorate_name',
          ),
          payment_method: orders.payment_method,
          payment_status: orders.payment_status,
          paid_at: orders.paid_at,
          shipping_amount: orders.shipping_amount,
          total_amount: orders.total_amount,
        })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.created_at), desc(orders.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .as('page');
      const [rows, matches, cityRows] = await Promise.all([
        db
          .select({
            id: page.id,
            order_number: page.order_number,
            status: page.status,
            created_at: page.created_at,
            user_id: page.user_id,
            customer_name: page.customer_name,
            customer_email: page.customer_email,
            customer_phone: page.customer_phone,
            city_id: page.city_id,
            city_name: page.city_name,
            governorate_name: page.governorate_name,
            item_count: sql<number>`(select coalesce(sum(oi.quantity), 0)::int
              from ${orderItems} oi where oi.order_id = ${sql.identifier('page')}.${sql.identifier('id')})`,
            payment_method: page.payment_method,
            payment_status: page.payment_status,
            paid_at: page.paid_at,
            shipping_amount: page.shipping_amount,
            total_amount: page.total_amount,
          })
          .from(page)
          .orderBy(desc(page.created_at), desc(page.id)),
        listCounts.get(countKey(query), () => countMatches(where, textSearch)),
        listCities.get('all', () => queryRows<CityRow>(db, citiesQuery)),
      ]);
      const totalCapped = textSearch && matches > ORDER_SEARCH_COUNT_CAP;
      const total = totalCapped ? ORDER_SEARCH_COUNT_CAP : matches;
      return {
        orders: rows.map((order) => ({
          ...order,
          status_display: statusLabel(order.status, lang),
          status_color: ORDER_STATUS_COLORS[order.status],
          created_at: order.created_at.toISOString(),
          paid_at: order.paid_at?.toISOString() ?? null,
          customer_type: order.user_id === null ? 'guest' : 'user',
          item_count: Number(order.item_count),
          payment_method_name: paymentMethodName(order.payment_method, lang),
          shipping_amount: fromThousandths(order.shipping_amount),
          total_amount: fromThousandths(order.total_amount),
        })),
        pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
        total_capped: totalCapped,
        cities: citiesFor(cityRows, lang),
      };
    },

    /** The staff order (with its history); NOT_FOUND when there is none. */
    async getOrderForStaff(id: number, lang: Language): Promise<AdminOrder> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row) throw AppError.notFound('order.not_found');
      return staffOrder(db, row, lang);
    },

    /**
     * Moves an order to any status, in one transaction with the order row locked: entering
     * cancelled/refunded from a status that holds stock returns the units, leaving them takes the
     * units again (409 OUT_OF_STOCK and nothing changed when a product lacks them); between two
     * holding (or two released) statuses no stock moves. Writes a history row and an audit entry.
     * With status shipped it may set the shipment (carrier, tracking number and page; a known
     * carrier's page built from the number when none is given); shipped again with a different
     * shipment updates it with a history note. The same status again with nothing new is a no-op
     * (no history row, no audit entry, no e-mail). A change that would make status and money
     * disagree (statusPaymentConflict) is 409 CONFLICT. After commit the customer is mailed when
     * the order shipped (or its shipment changed) or was delivered (what follows the stock moves
     * subscribes to StockChanged).
     */
    async changeOrderStatus(
      actor: Actor,
      id: number,
      status: OrderStatus,
      notes: string | null,
      lang: Language,
      shipment: ShipmentInput = {},
    ): Promise<AdminOrder> {
      const row = await applyStatusChange(actor, id, { status, notes, shipment }, lang);
      return staffOrder(db, row, lang);
    },

    /**
     * The same status change for several orders (POST /api/orders/bulk-status): each by the rules
     * of changeOrderStatus in its own transaction, so one refused leaves the others done.
     */
    changeOrdersStatus: (actor: Actor, body: AdminOrderBulkStatusBody, lang: Language) =>
      changeManyStatuses(
        db,
        body.ids,
        (id) =>
          applyStatusChange(
            actor,
            id,
            {
              status: body.status,
              notes: body.notes,
              shipment: { carrier: body.carrier, tracking_number: body.tracking_number, tracking_url: body.tracking_url },
            },
            lang,
          ),
        lang,
        deps.log,
      ),

    /**
     * Deletes an order and its items in one transaction; units it still holds go back to stock
     * first. The audit entry keeps its number, customer, total and status.
     */
    async deleteOrder(actor: Actor, id: number): Promise<{ order_number: string }> {
      const deleted = await deps.events.transaction(db, async (tx) => {
        const row = await lockOrder(tx, id);
        if (holdsStock(row.status)) {
          await returnOrderUnits(tx, { events: deps.events, orderId: id, reason: 'order_released', actor }, await itemsOf(tx, id));
        }
        await tx.delete(orders).where(eq(orders.id, id));
        await deps.events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'orders',
          entityId: id,
          action: 'delete',
          before: {
            order_number: row.order_number,
            customer_name: row.customer_name,
            customer_email: row.customer_email,
            total_amount: row.total_amount,
            status: row.status,
          },
        });
        return { order_number: row.order_number };
      });
      return deleted;
    },

    /** The reply's message for a deleted order. */
    deletedMessage: (orderNumber: string, lang: Language) => apiMessage('orders.deleted', lang, { number: orderNumber }),
  };
}

/**
 * The city filter's choices in a language, by name: one per city id, and one per name among the
 * cities deleted since (id null).
 */
function citiesFor(rows: readonly CityRow[], lang: Language): AdminOrderCity[] {
  const seen = new Set<string>();
  const cities: AdminOrderCity[] = [];
  for (const row of rows) {
    const name = lang === 'en' ? row.name_en : row.name_ar;
    const key = row.id === null ? `name:${name}` : `id:${row.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    cities.push({ id: row.id === null ? null : Number(row.id), name });
  }
  return cities.sort((a, b) => a.name.localeCompare(b.name, lang));
}

import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  fromThousandths,
  NEW_ORDER_ALERTS_MAX,
  type Language,
  type NewOrderAlert,
  type Order,
  type StoreSettings,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import { orderItems, orders, users } from '../../db/schema/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { presentOrder } from './present.js';

/**
 * New-order alerts (issue 30): an order is new for the staff when it can be prepared, that is
 * when it is placed cash on delivery or when its online payment is captured. Each such order is
 * e-mailed once, from the process that committed it, to the store's address and every staff
 * member whose alerts are on, and told to every process over PostgreSQL NOTIFY on
 * NEW_ORDERS_CHANNEL, where the back office's long polls wait for it.
 */

/** The PostgreSQL channel a new order is told on (the payload is its id). */
export const NEW_ORDERS_CHANNEL = 'shop_orders';

/**
 * How far back a cursor's time is set from the reply's time: an order's created_at is its
 * transaction's start, so an order may commit a moment after a later-stamped one was listed; the
 * cursor keeps the ids it already listed in this window, so none is listed twice.
 */
export const CURSOR_MARGIN_MS = 10_000;
/** The oldest a cursor may reach back. */
const CURSOR_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** An online order alerts when paid: payments are looked for on orders placed this recently. */
const PAID_WITHIN_MS = 2 * 24 * 60 * 60 * 1000;

/** A staff member's effective choice in SQL, the twin of newOrderAlertsOn (@shop/shared). */
const alertsOn = sql`coalesce(${users.new_order_alerts}, ${users.role} = 'admin')`;

export interface NewOrderCursor {
  at: Date;
  /** Ids already listed that arrived at or after `at`. */
  seen: ReadonlySet<number>;
}

export function parseCursor(value: string, now: Date): NewOrderCursor {
  const [time, ids] = value.split('~');
  const at = new Date(Math.max(Date.parse(time!), now.getTime() - CURSOR_MAX_AGE_MS));
  return { at, seen: new Set(ids ? ids.split('.').map(Number) : []) };
}

export function formatCursor(cursor: NewOrderCursor): string {
  const ids = [...cursor.seen].sort((a, b) => a - b);
  return ids.length > 0 ? `${cursor.at.toISOString()}~${ids.join('.')}` : cursor.at.toISOString();
}

/** An order as a staff alert lists it, with when it became new. */
interface ArrivedOrder {
  alert: NewOrderAlert;
  arrivedAt: Date;
}

export interface NewOrderAlertsDeps {
  getSettings: () => Promise<Pick<StoreSettings, 'email'>>;
  notifications?: Pick<NotificationsService, 'sendNewOrderAlert'> | undefined;
}

export function createNewOrderAlerts(db: Database, deps: NewOrderAlertsDeps) {
  // Spelled out: inside a select list drizzle names a column without its table.
  const itemsCount = sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`;
  const columns = {
    id: orders.id,
    order_number: orders.order_number,
    customer_name: orders.customer_name,
    city_name_ar: orders.city_name_ar,
    city_name_en: orders.city_name_en,
    payment_method: orders.payment_method,
    total_amount: orders.total_amount,
    created_at: orders.created_at,
    paid_at: orders.paid_at,
    items_count: itemsCount,
  };
  type Row = { [K in keyof typeof columns]: K extends 'items_count' ? number : (typeof orders.$inferSelect)[Exclude<K, 'items_count'>] };

  const present = (row: Row, lang: Language): ArrivedOrder => {
    const arrivedAt = row.payment_method === 'cash_on_delivery' ? row.created_at : (row.paid_at ?? row.created_at);
    return {
      arrivedAt,
      alert: {
        id: row.id,
        order_number: row.order_number,
        arrived_at: arrivedAt.toISOString(),
        customer_name: row.customer_name,
        city_name: lang === 'en' ? row.city_name_en : row.city_name_ar,
        payment_method: row.payment_method,
        total_amount: fromThousandths(row.total_amount),
        items_count: Number(row.items_count),
      },
    };
  };

  /** Orders that became new at or after `at`: placed cash on delivery, or paid online. */
  async function arrivedSince(at: Date, lang: Language): Promise<ArrivedOrder[]> {
    const [cash, paid] = await Promise.all([
      db
        .select(columns)
        .from(orders)
        .where(and(gte(orders.created_at, at), eq(orders.payment_method, 'cash_on_delivery')))
        .orderBy(desc(orders.created_at), desc(orders.id))
        .limit(NEW_ORDER_ALERTS_MAX),
      db
        .select(columns)
        .from(orders)
        .where(
          and(
            gte(orders.created_at, new Date(at.getTime() - PAID_WITHIN_MS)),
            eq(orders.payment_method, 'upayments'),
            eq(orders.payment_status, 'paid'),
            gte(orders.paid_at, at),
          ),
        )
        .orderBy(desc(orders.paid_at), desc(orders.id))
        .limit(NEW_ORDER_ALERTS_MAX),
    ]);
    return [...cash, ...paid]
      .map((row) => present(row as Row, lang))
      .sort((a, b) => a.arrivedAt.getTime() - b.arrivedAt.getTime() || a.alert.id - b.alert.id)
      .slice(-NEW_ORDER_ALERTS_MAX);
  }

  /**
   * Who is e-mailed about a new order, each in their language: every staff member whose alerts
   * are on (in the language they last used the back office in, else Arabic) and the store's
   * address from the settings (in Arabic, the store's language); an address is mailed once.
   */
  async function recipients(): Promise<Array<{ to: string; lang: Language }>> {
    const staff = await db
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(and(inArray(users.role, ['admin', 'moderator']), alertsOn))
      .orderBy(asc(users.id));
    const byAddress = new Map<string, { to: string; lang: Language }>();
    for (const member of staff) {
      const key = member.email.trim().toLowerCase();
      if (!byAddress.has(key)) byAddress.set(key, { to: member.email, lang: member.language ?? 'ar' });
    }
    const store = (await deps.getSettings()).email?.trim();
    if (store && !byAddress.has(store.toLowerCase())) byAddress.set(store.toLowerCase(), { to: store, lang: 'ar' });
    return [...byAddress.values()];
  }

  return {
    recipients,

    /**
     * The orders that became new after the cursor and the cursor to pass next time; without a
     * cursor, none (the caller starts from now).
     */
    async list(
      cursor: string | undefined,
      lang: Language,
      now: Date = new Date(),
    ): Promise<{ orders: NewOrderAlert[]; cursor: string; serverTime: string }> {
      const given = cursor === undefined ? undefined : parseCursor(cursor, now);
      const from = given?.at ?? new Date(now.getTime() - CURSOR_MARGIN_MS);
      const seen = given?.seen;
      const arrived = await arrivedSince(from, lang);
      const fresh = seen === undefined ? [] : arrived.filter((order) => !seen.has(order.alert.id));
      const next = new Date(Math.max(from.getTime(), now.getTime() - CURSOR_MARGIN_MS));
      const stillSeen = new Set(
        arrived.filter((order) => order.arrivedAt.getTime() >= next.getTime()).map((order) => order.alert.id),
      );
      return {
        orders: fresh.map((order) => order.alert),
        cursor: formatCursor({ at: next, seen: stillSeen }),
        serverTime: now.toISOString(),
      };
    },

    /** E-mails the alert of one order to every recipient; rejects when a message could not be sent. */
    async mail(orderId: number): Promise<void> {
      const { notifications } = deps;
      if (!notifications) return;
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
      if (!row) return;
      const to = await recipients();
      if (to.length === 0) return;
      const items = await db.select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(orderItems.id);
      const presented = new Map<Language, Order>();
      const orderIn = (lang: Language) => {
        let order = presented.get(lang);
        if (!order) presented.set(lang, (order = presentOrder(row, items, lang)));
        return order;
      };
      const arrivedAt = row.payment_method === 'cash_on_delivery' ? row.created_at : (row.paid_at ?? row.created_at);
      await notifications.sendNewOrderAlert(to, orderIn, arrivedAt);
    },

    /** Tells every process of the shop (the back office's waiting polls) that an order arrived. */
    async announce(orderId: number): Promise<void> {
      await db.execute(sql`select pg_notify(${NEW_ORDERS_CHANNEL}, ${String(orderId)})`);
    },
  };
}

export type NewOrderAlerts = ReturnType<typeof createNewOrderAlerts>;

import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  deliveryFee,
  giftWrapCharge,
  orderTotal,
  type AdminOrder,
  type AdminOrderExportQuery,
  type Language,
  type Order,
  type OrderLookupBody,
  type PaymentMethod,
  type ReorderLine,
  type Thousandths,
  type TrackedOrder,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import {
  orderItems,
  orders,
  orderStatusHistory,
  users,
  type OrderItemSelection,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { BackgroundTasks } from '../../lib/background-tasks.js';
import { countOrderPlaced } from '../../lib/metrics.js';
import { createOrderAdministration, type OrderAdministrationDeps } from './admin-orders.js';
import { ordersCsv } from './export.js';
import { findOrderByContact } from './lookup.js';
import {
  checkAnonymousTotal,
  checkAnonymousUnits,
  checkNetworkAllowance,
  isAnonymousCustomer,
  networkKey,
  type AnonymousOrderLimits,
} from './anonymous-limits.js';
import { orderForViewer, ownsOrder, type TrackingViewer } from './customer-privacy.js';
import { presentOrder, orderStatusList, type OrderRow } from './present.js';
import type { OnlinePayments } from './online-payment.js';
import { outOfStock, takeUnits } from './stock.js';
import { checkContactLimit, contactOf } from './contact-limit.js';
import { idempotencyScope, newOrderNumber, ORDER_NUMBER_ATTEMPTS, requestHash as hashOfRequest } from './order-keys.js';
import type { AddressBook, OrderAddressOutcome } from '../accounts/index.js';
import type { CartOwner, CartService } from '../cart/index.js';
import type { PriceLineInput, PricedLine, PricingService } from '../catalog/index.js';
import type { LocationsService } from '../locations/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { PromotionsService } from '../promotions/index.js';

export { presentOrder, orderStatusList } from './present.js';



export interface PlaceOrderInput {
  name: string;
  email: string;
  phone: string;
  shipping_address: string;
  country_id: number;
  governorate_id: number;
  city_id: number;
  payment_method: PaymentMethod;
  promo_code?: string | null | undefined;
  notes?: string | null | undefined;
  /** The gift's card, already normalized by the contract (gifts.ts); null or absent: none. */
  gift_message?: string | null | undefined;
  /** Gift wrapping at the store's fee; refused when the store does not offer it. */
  gift_wrap?: boolean | undefined;
  /** Lines to order; absent or empty: the shopper's cart is ordered. */
  items?: PriceLineInput[] | undefined;
  /** A signed-in customer's "save this address" (ignored for a guest). */
  save_address?: boolean | undefined;
}

export interface PlaceOrderContext {
  /** The shopper's cart (a guest's cookie or a user's); emptied when the order is placed. */
  cartOwner?: CartOwner | undefined;
  /** The signed-in customer placing the order, or null for a guest. */
  userId: number | null;
  idempotencyKey?: string | undefined;
  /** The client's address (the proxy-aware request.ip): what anonymous orders hold is counted per network. */
  clientAddress?: string | undefined;
  lang?: Language;
  now?: Date;
}

export interface PlacedOrder {
  order: Order;
  /** An online order's UPayments payment page (the same for a repeated request). */
  paymentUrl?: string | undefined;
  /** false when an earlier request with the same Idempotency-Key had already made this order. */
  created: boolean;
  /**
   * When the order asked to save its address: whether it is now among the account's (saved
   * with the order, or already there); false for a guest or a full address book.
   */
  addressSaved?: boolean | undefined;
}

/** Who is looking at an order by id: its owner, or staff who manage orders. */
export interface OrderViewer {
  userId: number;
  /** Holds `orders.manage`: sees any order, as staff see it (labels, account, history). */
  managesOrders: boolean;
}

export interface OrdersServiceDeps extends OrderAdministrationDeps {
  /** Prices lines from the database (never the listing cache). */
  catalog: Pick<PricingService, 'priceLines'>;
  /** promoCode: the code kept with the cart, used when the order is the cart's and names none. */
  cart: Pick<CartService, 'view' | 'clear' | 'addLines'> & Partial<Pick<CartService, 'promoCode'>>;
  locations: Pick<LocationsService, 'requireShippingCity'>;
  promotions: Pick<PromotionsService, 'promoDiscount' | 'countPromoUse'>;
  /** Sends the customer's e-mails (confirmation, shipping updates); called after commits. */
  notifications?: Pick<NotificationsService, 'sendOrderConfirmation' | 'sendOrderStatusUpdate'>;
  /** Runs the confirmation e-mail after the reply, so a slow mail server never delays an order. */
  background?: Pick<BackgroundTasks, 'run'>;
  /** Where a failed confirmation e-mail is reported. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Most pieces of one product an order may take (config.maxUnitsPerProduct); unset: no cap. */
  maxUnitsPerProduct?: number;
  /**
   * What guests and unverified accounts may hold of the stock, with the secret their networks are
   * hashed under (docs/decisions/038); unset: no such caps.
   */
  anonymousLimits?: { limits: AnonymousOrderLimits; secret: () => Promise<string> };
  /** Online payment (UPayments); absent or not available: `upayments` orders are refused. */
  payments?: OnlinePayments;
  /** The store's free-delivery threshold in fils (the settings'), null when off; absent: off. */
  freeShippingThreshold?: () => Promise<Thousandths | null>;
  /** The customers' address books: "save this address" is saved in the order's transaction. */
  addresses?: Pick<AddressBook, 'saveFromOrder'>;
  /** The store's gift wrapping fee in fils (the settings'), null when wrapping is not offered; absent: not offered. */
  giftWrapFee?: () => Promise<Thousandths | null>;
}




/**
 * True when the order's e-mail is the verified address of the signed-in customer placing it:
 * only then may the confirmation repeat what was typed (name, address). A guest's address is
 * unproven, so a stranger could otherwise mail their own text to anyone through the shop.
 */
export async function isRecipientProven(db: Executor, userId: number | null, email: string): Promise<boolean> {
  if (userId === null) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.email_verified_at} is not null`, sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row !== undefined;
}

/** Thrown inside the transaction when another request with the same key won: rolls it back. */
class IdempotentReplay extends Error {}

const cartEmpty = () =>
  new AppError('VALIDATION_ERROR', 'order.cart_empty', [{ field: 'items', message: 'order.cart_empty' }]);


/** Quantity per product over the lines, in product id order (a fixed lock order between orders). */
function quantitiesByProduct(lines: readonly PricedLine[]): Array<[PricedLine, number]> {
  const byProduct = new Map<number, [PricedLine, number]>();
  for (const line of lines) {
    const entry = byProduct.get(line.product_id);
    byProduct.set(line.product_id, [entry?.[0] ?? line, (entry?.[1] ?? 0) + line.quantity]);
  }
  return [...byProduct.values()].sort(([a], [b]) => a.product_id - b.product_id);
}

export function createOrdersService(db: Database, deps: OrdersServiceDeps) {
  const administration = createOrderAdministration(db, deps);

  async function loadOrders(executor: Executor, rows: OrderRow[], lang: Language): Promise<Order[]> {
    if (rows.length === 0) return [];
    // One statement for any number of orders (= any of an array, not a list of parameters).
    const itemRows = await executor
      .select()
      .from(orderItems)
      .where(sql`${orderItems.order_id} = any(${sql.param(rows.map((row) => row.id))}::integer[])`)
      .orderBy(orderItems.id)
      .prepare('orders_items_of_orders')
      .execute();
    return rows.map((row) =>
      presentOrder(
        row,
        itemRows.filter((item) => item.order_id === row.id),
        lang,
      ),
    );
  }

  async function findOne(executor: Executor, where: SQL, lang: Language) {
    const rows = await executor.select().from(orders).where(where).limit(1);
    const [order] = await loadOrders(executor, rows, lang);
    return order;
  }

  /** Step 1: the lines to order, from the payload or else from the shopper's cart. */
  async function resolveLines(
    input: PlaceOrderInput,
    owner: CartOwner | undefined,
  ): Promise<PriceLineInput[]> {
    if (input.items && input.items.length > 0) return input.items;
    const hasCart = owner !== undefined && (owner.kind === 'user' || owner.token !== undefined);
    if (!hasCart) return [];
    const cart = await deps.cart.view(owner);
    return cart.items.map((item) => ({
      product_id: item.product_id,
      quantity: item.quantity,
      selected: Object.fromEntries(
        Object.entries(item.selected_attributes).map(([key, choice]) => [key, choice.variation_id]),
      ),
    }));
  }

  /** Step 3: the city, its fee and its place names; the chosen country and governorate must match it. */
  const shippingCity = (tx: Executor, input: PlaceOrderInput) => deps.locations.requireShippingCity(input, tx);

  /**
   * Step 5, the promo code: its discount, then (last in the transaction) its use; a refusal of
   * either is reported on the promo_code field. A once-per-customer code is checked against this
   * customer's earlier orders under the locks of checkContactLimit (account, e-mail, phone), so two
   * orders of one customer cannot both use it.
   */
  async function onPromoCode<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof AppError && error.code === 'VALIDATION_ERROR') {
        throw new AppError(
          error.code,
          error.messageKey,
          (error.details ?? []).map((detail) => ({ ...detail, field: 'promo_code' })),
          error.params,
        );
      }
      throw error;
    }
  }

  /**
   * Step 6: takes the ordered quantities from stock; never below zero, else OUT_OF_STOCK. Each
   * product's row stays locked from its update until the transaction ends (products in id order,
   * so that two orders never wait for each other).
   */
  async function takeStock(tx: Executor, orderId: number, lines: readonly PricedLine[]): Promise<void> {
    const move = { events: deps.events, orderId, reason: 'order_placed', actor: null } as const;
    for (const [line, quantity] of quantitiesByProduct(lines)) {
      if (!(await takeUnits(tx, move, line.product_id, quantity))) throw outOfStock({ ar: line.name, en: line.name_en });
    }
  }

  /**
   * No product beyond deps.maxUnitsPerProduct pieces in one order (its lines add up): a 400 on
   * the line that goes over (or on items when the cart is ordered).
   */
  function checkUnitsPerProduct(lines: readonly PricedLine[], fromPayload: boolean): void {
    const max = deps.maxUnitsPerProduct;
    if (max === undefined) return;
    const taken = new Map<number, number>();
    lines.forEach((line, index) => {
      const total = (taken.get(line.product_id) ?? 0) + line.quantity;
      taken.set(line.product_id, total);
      if (total > max) {
        const params = { count: max, product: { ar: line.name, en: line.name_en } };
        throw new AppError(
          'VALIDATION_ERROR',
          'error.validation',
          [{ field: fromPayload ? `items.${index}.quantity` : 'items', message: 'order.quantity_over_limit', params }],
        );
      }
    });
  }


  const recipientProven = (userId: number | null, email: string) => isRecipientProven(db, userId, email);

  /** Step 7: the order row under a fresh random number (a collision, astronomically rare, retries). */
  async function insertOrder(
    tx: Executor,
    values: Omit<typeof orders.$inferInsert, 'order_number'>,
  ): Promise<number> {
    for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
      // DO NOTHING waits for a concurrent insert of the same idempotency key to end, then skips.
      const [row] = await tx
        .insert(orders)
        .values({ ...values, order_number: newOrderNumber() })
        .onConflictDoNothing()
        .returning({ id: orders.id })
        .prepare('orders_insert')
        .execute();
      if (row) return row.id;
      if (values.idempotency_key && values.idempotency_scope) {
        const [existing] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.idempotency_scope, values.idempotency_scope),
              eq(orders.idempotency_key, values.idempotency_key),
            ),
          );
        if (existing) throw new IdempotentReplay();
      }
    }
    throw new Error('Could not draw a free order number');
  }

  return {
    /**
     * Places an order in one transaction: re-prices the lines from the database, checks the
     * city, uses the promo code, takes the stock, snapshots everything into the order and
     * empties the cart. Client prices and totals are never used. A request repeating an
     * Idempotency-Key gets the order of the first one (created: false).
     */
    async placeOrder(input: PlaceOrderInput, context: PlaceOrderContext): Promise<PlacedOrder> {
      const lang = context.lang ?? DEFAULT_LANGUAGE;
      const now = context.now ?? new Date();
      const scope =
        context.idempotencyKey === undefined ? null : idempotencyScope(context.userId, context.cartOwner);
      // A key without its requester's scope is not kept: it could only be found by another client.
      const key = scope === null ? undefined : context.idempotencyKey;
      const requestHash = key === undefined ? null : hashOfRequest(input);
      // A key is looked up in its requester's scope only: another shopper sending the same key
      // makes their own order and never sees this one. The same key with another request is a
      // client bug (or a probe): 422 UNPROCESSABLE, never the first order.
      const replay = async (): Promise<PlacedOrder | undefined> => {
        if (key === undefined || scope === null) return undefined;
        const rows = await db
          .select()
          .from(orders)
          .where(and(eq(orders.idempotency_scope, scope), eq(orders.idempotency_key, key)))
          .limit(1);
        const row = rows[0];
        if (!row) return undefined;
        if (row.request_hash !== null && row.request_hash !== requestHash) {
          throw new AppError('UNPROCESSABLE', 'order.idempotency_key_reused', [
            { field: 'Idempotency-Key', message: 'order.idempotency_key_reused' },
          ]);
        }
        // An online order: the first request's payment page (waiting for its charge if it runs).
        const paymentUrl =
          row.payment_method === 'upayments' && deps.payments ? await deps.payments.paymentUrlFor(row.id) : undefined;
        const [order] = await loadOrders(db, rows, lang);
        return { order: order!, created: false, paymentUrl };
      };

      const earlier = await replay();
      if (earlier) return earlier;
      const contact = contactOf(input);
      const online = input.payment_method === 'upayments';
      const { payments } = deps;
      // Online payment is not configured (no UPayments key): refuse before anything is written.
      if (online && !payments?.available) {
        throw new AppError('PAYMENT_UNAVAILABLE', 'order.payment_unavailable');
      }

      // The code the shopper applied in the cart follows the cart's lines when the body names none.
      // Read before the cart is (the cart's read drops a code that stopped applying): the order
      // then refuses it on promo_code instead of going on without the discount the shopper saw.
      const fromCart = !(input.items && input.items.length > 0);
      const cartCode =
        fromCart && context.cartOwner && !input.promo_code?.trim()
          ? await deps.cart.promoCode?.(context.cartOwner)
          : undefined;
      const promoCode = input.promo_code?.trim() || cartCode || undefined;
      const lines = await resolveLines(input, context.cartOwner);
      if (lines.length === 0) throw cartEmpty();
      // Step 2. Priced before the transaction opens: the catalogue reads with its own
      // connection, and the guarded stock update below is what makes the order safe.
      const priced = await deps.catalog.priceLines(lines);
      checkUnitsPerProduct(priced, input.items !== undefined && input.items.length > 0);
      const subtotal = priced.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);

      const cartId = online && payments ? await payments.cartIdOf(context.cartOwner) : null;
      const units = priced.reduce((sum, line) => sum + line.quantity, 0);
      const anonymousLimits = deps.anonymousLimits;
      // Read before the transaction (the embedded database has one connection).
      const threshold = (await deps.freeShippingThreshold?.()) ?? null;
      const wrapFee = input.gift_wrap ? ((await deps.giftWrapFee?.()) ?? null) : null;
      // Asked for wrapping the shop does not offer (the owner emptied the fee since the page loaded).
      if (input.gift_wrap && wrapFee === null) {
        throw AppError.validation([{ field: 'gift_wrap', message: 'order.gift_wrap_unavailable' }]);
      }
      const giftWrap = giftWrapCharge(input.gift_wrap ?? false, wrapFee);
      const network =
        anonymousLimits && context.clientAddress !== undefined
          ? networkKey(context.clientAddress, await anonymousLimits.secret())
          : undefined;
      let orderId: number;
      let addressOutcome: OrderAddressOutcome | undefined;
      try {
        orderId = await deps.events.transaction(db, async (tx) => {
          await checkContactLimit(tx, contact, context.userId);
          const anonymous = anonymousLimits !== undefined && (await isAnonymousCustomer(tx, context.userId));
          if (anonymous) {
            checkAnonymousUnits(anonymousLimits.limits, units);
            if (network !== undefined) await checkNetworkAllowance(tx, anonymousLimits.limits, network, units);
          }
          const city = await shippingCity(tx, input);
          const customer = { userId: context.userId, email: input.email, phone: contact.phone };
          const promo =
            promoCode === undefined
              ? undefined
              : await onPromoCode(() => deps.promotions.promoDiscount(tx, promoCode, subtotal, now, customer));
          const discount = Math.min(promo?.discount ?? 0, subtotal);
          const shipping = deliveryFee(city.shipping_fee, subtotal - discount, threshold);
          const tax = 0;
          const total = orderTotal({ subtotal, discount, shipping, giftWrap, tax });
          // UPayments cannot charge nothing: an order that costs 0 is placed cash on delivery.
          if (online && total <= 0) {
            throw AppError.validation([{ field: 'payment_method', message: 'payment.nothing_to_pay' }]);
          }
          if (anonymous) {
            checkAnonymousTotal(anonymousLimits.limits, input.payment_method, total);
          }
          const id = await insertOrder(tx, {
            user_id: context.userId,
            customer_name: input.name,
            customer_email: input.email,
            customer_phone: contact.phone,
            contact_email: contact.email,
            contact_phone: contact.phone,
            shipping_address: input.shipping_address,
            country_id: city.country_id,
            governorate_id: city.governorate_id,
            city_id: city.id,
            country_name_ar: city.country_name_ar,
            country_name_en: city.country_name_en,
            governorate_name_ar: city.governorate_name_ar,
            governorate_name_en: city.governorate_name_en,
            city_name_ar: city.name_ar,
            city_name_en: city.name_en,
            payment_method: input.payment_method,
            payment_status: online ? 'awaiting_payment' : 'not_required',
            promo_code_id: promo?.id ?? null,
            promo_code: promo?.code ?? null,
            subtotal,
            discount_amount: discount,
            shipping_amount: shipping,
            gift_wrap_fee: giftWrap,
            tax_amount: tax,
            total_amount: total,
            notes: input.notes?.trim() || null,
            gift_message: input.gift_message ?? null,
            gift_wrap: input.gift_wrap ?? false,
            language: lang,
            client_network: anonymous ? (network ?? null) : null,
            idempotency_key: key ?? null,
            idempotency_scope: scope,
            request_hash: requestHash,
          });
          // The history starts with the order's creation: no status before, no staff actor.
          await tx
            .insert(orderStatusHistory)
            .values({ order_id: id, from_status: null, to_status: 'pending' })
            .prepare('orders_history_created')
            .execute();
          await tx.insert(orderItems).values(
            priced.map((line) => ({
              order_id: id,
              product_id: line.product_id,
              product_name: line.name,
              product_name_en: line.name_en,
              sku: line.sku,
              featured_image: line.featured_image,
              unit_price: line.unit_price,
              quantity: line.quantity,
              line_total: line.unit_price * line.quantity,
              selected_attributes: line.selected_attributes satisfies Record<string, OrderItemSelection>,
            })),
          );
          if (input.save_address === true && context.userId !== null && deps.addresses) {
            // With the order or not at all: a failed order leaves no address behind.
            addressOutcome = await deps.addresses.saveFromOrder(tx, context.userId, {
              name: input.name,
              phone: contact.phone,
              country_id: city.country_id,
              governorate_id: input.governorate_id,
              city_id: city.id,
              address: input.shipping_address,
            });
          }
          if (online && payments) {
            // The cart is kept until the payment is confirmed (then emptied with it).
            await payments.openAttempt(tx, id, total, cartId);
          } else if (context.cartOwner) {
            await deps.cart.clear(context.cartOwner, tx);
          }
          // Last, what every order for the same product or code contends for: their rows stay
          // locked from these updates until the commit, so the next order waits for a commit,
          // not for this order's other statements (docs/decisions/035). The code before the
          // products, as a payment's release takes them (payments/settlement.ts releaseOrder).
          if (promo) await onPromoCode(() => deps.promotions.countPromoUse(tx, promo));
          await takeStock(tx, id, priced);
          await deps.events.publish(tx, {
            type: 'OrderPlaced',
            orderId: id,
            paymentMethod: input.payment_method,
            total,
          });
          return id;
        });
      } catch (error) {
        if (error instanceof IdempotentReplay) {
          const winner = await replay();
          if (winner) return winner;
        }
        throw error;
      }
      countOrderPlaced(input.payment_method);
      const order = (await findOne(db, eq(orders.id, orderId), lang))!;
      const addressSaved =
        input.save_address === true ? addressOutcome === 'saved' || addressOutcome === 'already_saved' : undefined;
      if (online && payments) {
        // Outside the transaction: the charge (a refusal cancels the order and throws a 502).
        // The confirmation e-mail follows the verified payment, not the order.
        const paymentUrl = await payments.charge(order, lang);
        return { order, created: true, paymentUrl, addressSaved };
      }
      const { notifications } = deps;
      if (notifications) {
        // The order is committed and stays placed whatever happens to the e-mail: a failure to
        // send is logged for the shop to follow up, never turned into a failed order.
        const send = async () =>
          notifications.sendOrderConfirmation(order, lang, {
            showCustomerText: await recipientProven(context.userId, order.email),
          });
        const warn = (error: unknown) =>
          deps.log?.warn(
            { err: error, orderNumber: order.order_number },
            'Order confirmation e-mail could not be sent',
          );
        if (deps.background) deps.background.run(send, warn);
        else await send().catch(warn);
      }
      return { order, created: true, addressSaved };
    },

    /**
     * An order by its public number (already upper-case) for its tracking page, or NOT_FOUND:
     * the customer in full for the owner, staff and the placing browser, masked for anyone else.
     */
    async getOrderForTracking(
      orderNumber: string,
      viewer: TrackingViewer,
      lang: Language = DEFAULT_LANGUAGE,
    ): Promise<TrackedOrder> {
      const rows = await db.select().from(orders).where(eq(orders.order_number, orderNumber)).limit(1);
      const row = rows[0];
      if (!row) throw AppError.notFound('order.not_found');
      const [order] = await loadOrders(db, rows, lang);
      return orderForViewer(order!, row.user_id, viewer);
    },

    /** A customer's orders, newest first. */
    async listOrdersForUser(userId: number, lang: Language = DEFAULT_LANGUAGE): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.user_id, userId))
        .orderBy(desc(orders.created_at), desc(orders.id));
      return loadOrders(db, rows, lang);
    },

    /**
     * An order by id: the staff order for staff who manage orders, the shopper's order for its
     * owner; anyone else gets NOT_FOUND.
     */
    async getOrderForViewer(
      id: number,
      viewer: OrderViewer,
      lang: Language = DEFAULT_LANGUAGE,
    ): Promise<Order | AdminOrder> {
      if (viewer.managesOrders) return administration.getOrderForStaff(id, lang);
      const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      const row = rows[0];
      if (!row || row.user_id !== viewer.userId) throw AppError.notFound('order.not_found');
      const [order] = await loadOrders(db, rows, lang);
      return order!;
    },

    /**
     * Buys an order again (issue 33): its lines go into the cart (`cartOf`, asked once the order
     * is known to be the viewer's) at today's prices, each as much as
     * there is (CartService.addLines), with the options it was bought with; lines of deleted
     * products are told as unavailable. Only for the order's owner: the signed-in customer who
     * placed it, or the browser that placed it (its placed-orders cookie); anyone else gets
     * NOT_FOUND, as for any order they may not see.
     */
    async reorder(
      id: number,
      viewer: Pick<TrackingViewer, 'userId' | 'placedHere'>,
      cartOf: () => CartOwner,
      lang: Language = DEFAULT_LANGUAGE,
    ) {
      const [order] = await db
        .select({ order_number: orders.order_number, user_id: orders.user_id })
        .from(orders)
        .where(eq(orders.id, id));
      if (!order || !ownsOrder(order, viewer)) throw AppError.notFound('order.not_found');
      const items = await db
        .select({
          product_id: orderItems.product_id,
          product_name: orderItems.product_name,
          product_name_en: orderItems.product_name_en,
          quantity: orderItems.quantity,
          selected_attributes: orderItems.selected_attributes,
        })
        .from(orderItems)
        .where(eq(orderItems.order_id, id))
        .orderBy(orderItems.id);
      const still = items.filter((item): item is typeof item & { product_id: number } => item.product_id !== null);
      const { view, added, outcomes } = await deps.cart.addLines(
        cartOf(),
        still.map((item) => ({
          product_id: item.product_id,
          quantity: item.quantity,
          selected: Object.fromEntries(
            Object.entries(item.selected_attributes).map(([attributeId, choice]) => [attributeId, choice.variation_id]),
          ),
        })),
      );
      let next = 0;
      const lines = items.map((item): ReorderLine => {
        // The lines of products that still exist went to the cart in this order.
        const index = item.product_id === null ? -1 : next++;
        return {
          product_id: item.product_id,
          name: (lang === 'en' ? item.product_name_en : null) ?? item.product_name,
          outcome: index === -1 ? 'unavailable' : outcomes[index]!,
          ordered: item.quantity,
          added: index === -1 ? 0 : added[index]!,
        };
      });
      return { view, lines };
    },

    statuses: orderStatusList,

    /** A guest's order by its number and contact: its number, or 404 for a wrong pair (lookup.ts). */
    lookupOrder: (body: OrderLookupBody) => findOrderByContact(db, body),

    /** The back office's CSV export of a range of days, streamed (export.ts). */
    exportCsv: (query: AdminOrderExportQuery, lang: Language) => ordersCsv(db, query, lang),

    ...administration,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

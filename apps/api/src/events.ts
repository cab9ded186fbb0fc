import type { OrderStatus, PaymentMethod, PaymentStatus } from '@shop/shared';
import type { ChangeFeed, ChangeTopic } from './lib/change-feed.js';
import type { Actor } from './lib/actor.js';
import { createEventBus, type EventBus } from './lib/event-bus.js';

/**
 * The shop's domain events (docs/decisions/041): what happened, published by the module that
 * owns the change inside its transaction, and heard by the modules that declare it in their
 * `subscribers.ts`. Plain data only, so an event can be logged, compared in a test, or told to
 * another process.
 */

/**
 * A product was created, changed or deleted in the back office; `variations_replaced`: only the
 * variations it offers (and their prices) changed.
 */
export interface ProductChanged {
  type: 'ProductChanged';
  productId: number;
  change: 'created' | 'updated' | 'deleted' | 'variations_replaced';
}

/**
 * A category was created, changed or deleted. `pathChanges`: the category path of the products
 * in it and below it changes (a rename, a move, a delete); such an event is published before the
 * rows change, while the tree still shows what is below the category.
 */
export interface CategoryChanged {
  type: 'CategoryChanged';
  categoryId: number;
  change: 'created' | 'updated' | 'deleted';
  pathChanges: boolean;
}

/** The attributes products offer (names, values, surcharges) changed. */
export interface AttributesChanged {
  type: 'AttributesChanged';
}

/** The search's synonyms changed. */
export interface SearchWordsChanged {
  type: 'SearchWordsChanged';
}

/** The store settings changed. */
export interface SettingsChanged {
  type: 'SettingsChanged';
}

/** The home page's slides changed. */
export interface SlidesChanged {
  type: 'SlidesChanged';
}

/** The policy pages, the footer's links or the home page's sections changed (docs/decisions/058). */
export interface PagesChanged {
  type: 'PagesChanged';
}

/**
 * Why a product's stock moved. An order: the checkout took the units; a cancellation, refund, a
 * refused or abandoned payment or a deletion gave them back; a reopened order (or a payment
 * captured after its order was cancelled) took them again; a partial refund put some of an
 * order's units back on the shelf (docs/decisions/043). The back office: a product created with
 * stock, its stock edited in the product form; later, a CSV import and a bulk edit (issue 32)
 * (docs/decisions/054).
 */
export type StockChangeReason =
  | 'order_placed'
  | 'order_released'
  | 'order_retaken'
  | 'refund_restock'
  | 'created'
  | 'edit'
  | 'import'
  | 'bulk_edit';

/**
 * A product's stock moved: units of a product that manages its stock were taken or given back by
 * an order, or staff set its stock in the back office. The stock ledger records each one.
 */
export interface StockChanged {
  type: 'StockChanged';
  productId: number;
  /** Units given back or added (positive), taken or removed (negative). */
  delta: number;
  /** The product's stock after the move. */
  level: number;
  reason: StockChangeReason;
  /** The order that moved them; null for a back-office change. */
  orderId: number | null;
  /** The product import that set them (docs/decisions/056); null or absent otherwise. */
  importId?: number | null;
  /** The staff member who moved them; null for the shop itself or a shopper. */
  actor: Actor | null;
}

/** A shopper placed an order (cash on delivery, or online with its payment still open). */
export interface OrderPlaced {
  type: 'OrderPlaced';
  orderId: number;
  paymentMethod: PaymentMethod;
  /** The order's total in fils. */
  total: number;
}

/**
 * An order's status moved, or a note or payment status was written with the same status: by a
 * staff member (`actor`), or by the shop itself (a payment's outcome; `actor` null).
 */
export interface OrderStatusChanged {
  type: 'OrderStatusChanged';
  orderId: number;
  from: OrderStatus;
  to: OrderStatus;
  notes: string | null;
  actor: Actor | null;
  /** Set when the payment status was written with the status. */
  payment?: { from: PaymentStatus; to: PaymentStatus };
  /** Set when the shipment (carrier, tracking number and page) was written with the status: as it is now. */
  shipment?: { carrier: string | null; tracking_number: string | null; tracking_url: string | null };
}

/** UPayments captured an order's payment. `late`: after its order had been cancelled, and what the shop did. */
export interface PaymentCaptured {
  type: 'PaymentCaptured';
  orderId: number;
  orderNumber: string;
  /** The amount in fils. */
  amount: number;
  late: 'reinstated' | 'refunded' | 'refund_failed' | null;
}

/**
 * A product's approved reviews changed (one approved, or an approved one rejected): its average
 * and count on the product, the listings and the product page's reviews with them
 * (docs/decisions/064). A review still pending changes nothing anyone else sees.
 */
export interface ProductReviewsChanged {
  type: 'ProductReviewsChanged';
  productId: number;
  /** Approved reviews after the change. */
  count: number;
  /** Their average in tenths of a star; null without any. */
  ratingTenths: number | null;
}

/**
 * A change as the activity trail records it: who (null: the shop itself), what, and the record
 * before and after. Published with every back-office write, in its transaction.
 */
export interface ActivityRecorded {
  type: 'ActivityRecorded';
  actor: Actor | null;
  /** The table-like name of what changed: products, categories, slides, settings, … */
  entity: string;
  entityId: number | null;
  action: 'create' | 'update' | 'delete' | (string & {});
  /** The record before the change (undefined for a create). */
  before?: Readonly<Record<string, unknown>> | undefined;
  /** The record after the change (undefined for a delete). */
  after?: Readonly<Record<string, unknown>> | undefined;
}

export type DomainEvent =
  | ProductChanged
  | CategoryChanged
  | AttributesChanged
  | SearchWordsChanged
  | SettingsChanged
  | SlidesChanged
  | PagesChanged
  | StockChanged
  | OrderPlaced
  | OrderStatusChanged
  | PaymentCaptured
  | ProductReviewsChanged
  | ActivityRecorded;

export type DomainEvents = EventBus<DomainEvent>;

/** The records whose deletion changes orders: the order itself, and what orders point to. */
const ORDER_REFERENCES = new Set(['orders', 'cities', 'users']);

/**
 * The cached copies an event makes stale in every process, told over the change feed after the
 * commit (docs/decisions/010); none: only this process's subscribers hear of it. A checkout's
 * stock moves stay in the process that took the order: other processes show the new stock
 * within their listings' cache time, so a rush of orders never empties every cache at once.
 */
export function staleCopies(event: DomainEvent): readonly ChangeTopic[] {
  switch (event.type) {
    case 'ProductChanged':
    case 'CategoryChanged':
    case 'AttributesChanged':
    case 'SearchWordsChanged':
    case 'ProductReviewsChanged':
      return ['catalog'];
    case 'StockChanged':
      return event.reason === 'order_placed' ? [] : ['catalog'];
    case 'SettingsChanged':
      return ['settings'];
    case 'SlidesChanged':
    case 'PagesChanged':
      return ['content'];
    // What the back office's order list counts: orders, their status, and the city and customer
    // a deleted city or account detaches from them (orders.city_id / user_id set null).
    case 'OrderPlaced':
    case 'OrderStatusChanged':
    case 'PaymentCaptured':
      return ['orders'];
    case 'ActivityRecorded': {
      const topics: ChangeTopic[] = [];
      // A city's fee, added, changed or gone: the pages that state the fees' range.
      if (event.entity === 'cities') topics.push('shipping');
      if (event.action === 'delete' && ORDER_REFERENCES.has(event.entity)) topics.push('orders');
      return topics;
    }
    default:
      return [];
  }
}

/** The shop's event bus: committed events tell the change feed which copies went stale. */
export function createDomainEvents(
  changes: Pick<ChangeFeed, 'publish'>,
  onError: (error: unknown, type: DomainEvent['type']) => void,
): DomainEvents {
  return createEventBus<DomainEvent>({
    onError,
    onCommitted: (events) => {
      const topics = new Set<ChangeTopic>();
      for (const event of events) for (const topic of staleCopies(event)) topics.add(topic);
      for (const topic of topics) changes.publish(topic);
    },
  });
}

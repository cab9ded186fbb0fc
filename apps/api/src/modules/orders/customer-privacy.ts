import type { Order, TrackedOrder } from '@shop/shared';

/** The dots that stand for hidden characters ("•••• 567"). */
const HIDDEN = '••••';
/** A phone shows its last three digits; a short one (under seven digits) only its last two. */
const PHONE_VISIBLE_DIGITS = 3;
const SHORT_PHONE_VISIBLE_DIGITS = 2;
const SHORT_PHONE_DIGITS = 7;
/** Under this many digits, even the last two would give away too much: nothing is shown. */
const MIN_PHONE_DIGITS_TO_SHOW_ANY = 4;

/** Who is looking at an order's tracking page. */
export interface TrackingViewer {
  /** The signed-in user, if any. */
  userId: number | null;
  /** Staff with the `orders.manage` permission. */
  managesOrders: boolean;
  /** Order numbers of the browser's signed placed-orders cookie. */
  placedHere: ReadonlySet<string>;
}

/**
 * Whether the viewer sees the customer's name, e-mail, phone and street in full: the signed-in
 * owner, staff who manage orders, or the browser that placed the order. Anyone else holding the
 * link (it is shared, forwarded, left in a history) sees them masked (decision 019).
 */
export function seesCustomerDetails(
  order: { order_number: string; user_id: number | null },
  viewer: TrackingViewer,
): boolean {
  return viewer.managesOrders || ownsOrder(order, viewer);
}

/**
 * Whether the order is the viewer's own: the signed-in customer who placed it, or the browser
 * that placed it (its placed-orders cookie). Staff see others' orders in full but own only theirs.
 */
export function ownsOrder(
  order: { order_number: string; user_id: number | null },
  viewer: Pick<TrackingViewer, 'userId' | 'placedHere'>,
): boolean {
  if (order.user_id !== null && viewer.userId === order.user_id) return true;
  return viewer.placedHere.has(order.order_number);
}

/** The first name's initial and a full stop: "محمد العلي" → "م.", "anna smith" → "A.". */
export function maskName(name: string): string {
  const [first] = Array.from(name.trim());
  return first === undefined ? HIDDEN : `${first.toLocaleUpperCase('en')}.`;
}

/**
 * Only the phone's last digits: "+965 9988 7567" → "•••• 567"; a short number keeps two, a very
 * short one none. Any digits (Arabic-Indic included) count; spaces and signs are dropped.
 */
export function maskPhone(phone: string): string {
  const digits = Array.from(phone.normalize('NFKC')).filter((char) => /\p{Nd}/u.test(char));
  if (digits.length < MIN_PHONE_DIGITS_TO_SHOW_ANY) return HIDDEN;
  const visible = digits.length < SHORT_PHONE_DIGITS ? SHORT_PHONE_VISIBLE_DIGITS : PHONE_VISIBLE_DIGITS;
  return `${HIDDEN} ${digits.slice(-visible).join('')}`;
}

/**
 * The order as a stranger with the link may see it: items, totals, status, payment and the area
 * stay (they are what tracking is for); the name becomes an initial, the phone its last digits,
 * and the e-mail, the street, the notes, the gift message and the tracking number (and its link)
 * are left out.
 */
export function maskedOrder(order: Order): TrackedOrder {
  return {
    ...order,
    customer_view: 'masked',
    can_reorder: false,
    name: maskName(order.name),
    email: null,
    phone: maskPhone(order.phone),
    shipping_address: null,
    notes: null,
    gift_message: null,
    // The carrier's page may show the recipient: a stranger with the link sees the carrier only.
    shipment: order.shipment && { carrier: order.shipment.carrier, tracking_number: null, tracking_url: null },
  };
}

/** The order for a viewer: in full or masked, as seesCustomerDetails decides. */
export function orderForViewer(order: Order, ownerId: number | null, viewer: TrackingViewer): TrackedOrder {
  const owner = { order_number: order.order_number, user_id: ownerId };
  return seesCustomerDetails(owner, viewer)
    ? { ...order, customer_view: 'full', can_reorder: ownsOrder(owner, viewer) }
    : maskedOrder(order);
}

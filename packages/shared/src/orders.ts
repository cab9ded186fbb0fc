// Order constants without zod, so browser code can import them without pulling the contract
// schemas (and zod) into its bundle; the contracts in contracts/orders.ts build on them.

export const orderStatuses = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'completed',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentMethods = ['cash_on_delivery', 'upayments'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** Order numbers are random, unguessable and safe to show: e.g. "SB-7K3M9Q2X4T". */
export const ORDER_NUMBER_PATTERN = /^SB-[0-9A-HJKMNP-TV-Z]{10}$/;

/** Progress shown on the tracking page per status (spec: pending 25 %, … delivered 100 %). */
export const ORDER_PROGRESS: Record<OrderStatus, number> = {
  pending: 25,
  processing: 50,
  shipped: 75,
  delivered: 100,
  completed: 100,
  cancelled: 0,
  refunded: 0,
};

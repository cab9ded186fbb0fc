import { z } from 'zod';
import { ORDER_NUMBER_PATTERN } from '../orders.js';
import { plainText, successShape } from './common.js';

/**
 * POST /api/orders/lookup: a guest finds their order by its number and the phone or e-mail it
 * was placed with (the storefront's /track page). The right pair answers 200 with the order
 * number and remembers the order in this browser's signed `placed_orders` cookie, so
 * /order-status/{number} shows the owner's view. A wrong contact answers exactly as an unknown
 * number (404 NOT_FOUND). Limited per client address (429 RATE_LIMITED).
 */

/** The longest contact taken: an e-mail address (254) is the longest kind. */
export const ORDER_LOOKUP_CONTACT_MAX = 254;

export const orderLookupBodySchema = z.object({
  order_number: z
    .string({ error: 'order.lookup.number_invalid' })
    .trim()
    .toUpperCase()
    .regex(ORDER_NUMBER_PATTERN, 'order.lookup.number_invalid'),
  /** The phone (any spelling: spaces, +965, Arabic-Indic digits) or the e-mail (any case). */
  contact: plainText('order.lookup.contact_invalid')
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, 'order.lookup.contact_required')
        .max(ORDER_LOOKUP_CONTACT_MAX, 'order.lookup.contact_invalid'),
    ),
});
export type OrderLookupBody = z.output<typeof orderLookupBodySchema>;

export const orderLookupResponseSchema = successShape({ order_number: z.string() });
export type OrderLookupResponse = z.infer<typeof orderLookupResponseSchema>;

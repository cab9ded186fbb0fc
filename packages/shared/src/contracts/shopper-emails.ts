import { z } from 'zod';
import { UNSUBSCRIBE_KINDS } from '../shopper-emails.js';
import { emailField } from './accounts.js';
import { successShape } from './common.js';

/**
 * `POST /api/products/{id}/stock-alerts`: a guest sends the address to tell; a signed-in
 * customer sends nothing (the account's address is used) or an address of their choice.
 */
export const stockAlertBodySchema = z.object({ email: emailField.optional() });
export type StockAlertBody = z.infer<typeof stockAlertBodySchema>;

/** The same answer whether the address was already waiting or not (nothing to enumerate). */
export const stockAlertResponseSchema = successShape({ message: z.string() });
export type StockAlertResponse = z.infer<typeof stockAlertResponseSchema>;

/** The signed token of an unsubscribe link (docs/decisions/063). */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1, 'unsubscribe.invalid').max(200, 'unsubscribe.invalid'),
});

/** What the link turned off, and a confirmation in the request's language. */
export const unsubscribeResponseSchema = successShape({
  kind: z.enum(UNSUBSCRIBE_KINDS),
  message: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** Most products whose waiting wishes one back-office request counts (a page of the list and more). */
export const STOCK_ALERT_COUNTS_MAX_IDS = 100;

/** `GET /api/admin/stock-alerts/waiting?product_ids=1,2,3`: the products to count. */
export const stockAlertCountsQuerySchema = z.object({
  product_ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'stock_alert.product_ids_invalid')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= STOCK_ALERT_COUNTS_MAX_IDS, 'stock_alert.product_ids_invalid'),
});

/** Per product id (as a string key), how many back-in-stock wishes wait; products with none are absent. */
export const stockAlertCountsResponseSchema = successShape({
  waiting: z.record(z.string(), z.number().int()),
});
export type StockAlertCountsResponse = z.infer<typeof stockAlertCountsResponseSchema>;

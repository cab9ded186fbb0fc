import { z } from 'zod';
import { successShape } from './common.js';
import { deliveryFieldSchemas } from './orders.js';

/**
 * A customer's saved delivery addresses (issue 33, item 7): `/api/auth/addresses`. Each field is
 * checked by the checkout's own rule (deliveryFieldSchemas), so a saved address is always one the
 * checkout accepts; the server also checks the area as the order does (an active city inside the
 * chosen country and governorate) and keeps the phone in its international form.
 */
const addressFields = {
  /** Who receives the parcel. */
  name: deliveryFieldSchemas.name,
  phone: deliveryFieldSchemas.phone,
  country_id: deliveryFieldSchemas.country_id,
  governorate_id: deliveryFieldSchemas.governorate_id,
  city_id: deliveryFieldSchemas.city_id,
  /** Block, street, house: the order's shipping_address. */
  address: deliveryFieldSchemas.shipping_address,
};

const isDefaultField = z.boolean({ error: 'validation.boolean_invalid' });

/** POST: every field; `is_default: true` makes it the default (the first one saved is anyway). */
export const savedAddressBodySchema = z.object({ ...addressFields, is_default: isDefaultField.optional() });
export type SavedAddressBody = z.infer<typeof savedAddressBodySchema>;

/**
 * PUT: the fields to change (absent ones stay); `{ "is_default": true }` alone makes it the
 * default. `false` is ignored: the default moves only by choosing another one.
 */
export const savedAddressUpdateBodySchema = savedAddressBodySchema.partial();
export type SavedAddressUpdateBody = z.infer<typeof savedAddressUpdateBodySchema>;

export const savedAddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** International form, e.g. +96551112222. */
  phone: z.string(),
  country_id: z.number().int(),
  governorate_id: z.number().int(),
  /** Null once the back office deleted the city: the customer chooses the area again. */
  city_id: z.number().int().nullable(),
  address: z.string(),
  /** The place names in the request's language. */
  country_name: z.string(),
  governorate_name: z.string(),
  city_name: z.string().nullable(),
  /** Exactly one address of a non-empty book is the default, offered first at checkout. */
  is_default: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** GET: the default first, then the newest. */
export const savedAddressListResponseSchema = successShape({ addresses: z.array(savedAddressSchema) });
export type SavedAddressListResponse = z.infer<typeof savedAddressListResponseSchema>;

/** POST and PUT: the address as saved, and a confirmation in the request's language. */
export const savedAddressResponseSchema = successShape({ address: savedAddressSchema, message: z.string() });
export type SavedAddressResponse = z.infer<typeof savedAddressResponseSchema>;

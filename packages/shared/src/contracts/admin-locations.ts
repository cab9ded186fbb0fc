import { z } from 'zod';
import { CITY_NAME_MAX, CITY_SHIPPING_FEE_MAX } from '../backoffice-limits.js';
import { citySchema } from './locations.js';
import { deletedIdResponseSchema, idParam, strictId, successShape } from './common.js';
import { formBoolean, formMoney, optionalFormText, requiredFormText } from './form-fields.js';
import { withMaxLength } from './admin-form-text.js';

/**
 * The back office's cities and shipping fees.
 *
 * - `GET /api/locations/cities?admin=true` (a caller with `locations.manage`): every city,
 *   inactive ones too, optionally of one country and/or governorate. Never cached publicly.
 * - `POST /api/locations/cities`, `PUT /api/locations/cities/:id`, `DELETE
 *   /api/locations/cities/:id` (`locations.manage`), JSON bodies as below. A PUT changes only the
 *   fields it sends, so the bulk fee edit sends `{ shipping_fee }` alone, one city per call.
 *
 * The governorate must be in the city's country; names are unique within a governorate (or
 * within a country for cities without one), ignoring case. Deleting a city leaves past orders
 * with their snapshot of its names and fee.
 */

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const name = withMaxLength(
  CITY_NAME_MAX,
  'locations.name_too_long',
  requiredFormText(CITY_NAME_MAX, 'locations.name_required'),
);

/** Blank or absent: no English name (stored empty; English pages then show the Arabic one). */
const nameEn = withMaxLength(
  CITY_NAME_MAX,
  'locations.name_too_long',
  optionalFormText(CITY_NAME_MAX),
).transform((value) => value ?? '');

/** A required country id: missing is "required", anything but a positive integer is "invalid". */
const countryId = z.preprocess(
  (value) => (blank(value) ? undefined : value),
  z
    .unknown()
    .refine((value) => value !== undefined, 'locations.country_required')
    .pipe(strictId('locations.country_invalid')),
);

/** The governorate's id; blank or null means none. */
const governorateId = z.preprocess(
  (value) => (blank(value) ? null : value),
  strictId('locations.governorate_invalid').nullable(),
);

/** Decimals ≥ 0 with at most 3 decimals, parsed to thousandths. */
const shippingFee = formMoney('locations.fee_invalid', CITY_SHIPPING_FEE_MAX);

// ---------- requests ----------

export const adminCityParamsSchema = z.object({ id: idParam });

/** POST /api/locations/cities: name and country required; fee 5 and active unless told. */
export const adminCityCreateSchema = z.object({
  name,
  name_en: nameEn,
  country_id: countryId,
  governorate_id: governorateId,
  /** Thousandths once parsed; absent: DEFAULT_CITY_SHIPPING_FEE. */
  shipping_fee: shippingFee.optional(),
  is_active: formBoolean.default(true),
});
export type AdminCityCreate = z.output<typeof adminCityCreateSchema>;

/**
 * PUT /api/locations/cities/:id: any of the same fields; those left out keep their value. A new
 * country keeps the city's governorate only if it is in that country.
 */
export const adminCityUpdateSchema = z
  .object({
    name: name.optional(),
    name_en: nameEn.optional(),
    country_id: countryId.optional(),
    governorate_id: governorateId.optional(),
    shipping_fee: shippingFee.optional(),
    is_active: formBoolean.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'locations.nothing_to_change',
    path: ['shipping_fee'],
  });
export type AdminCityUpdate = z.output<typeof adminCityUpdateSchema>;

// ---------- responses ----------

/** POST and PUT reply: the city as saved, names in the request's language. */
export const adminCityResponseSchema = successShape({ city: citySchema });
export type AdminCityResponse = z.infer<typeof adminCityResponseSchema>;

/** DELETE reply: the id that is gone and a confirmation in the request's language. */
export const adminCityDeleteResponseSchema = deletedIdResponseSchema;
export type AdminCityDeleteResponse = z.infer<typeof adminCityDeleteResponseSchema>;

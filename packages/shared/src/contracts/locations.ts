import { z } from 'zod';
import { booleanQuery, idParam, moneySchema, successShape } from './common.js';

// ---------- requests ----------

export const locationIdParamsSchema = z.object({ id: idParam });

export const cityListQuerySchema = z.object({
  country_id: idParam.optional(),
  governorate_id: idParam.optional(),
  /**
   * `admin=true` from a caller with `locations.manage`: every city, inactive ones too, never
   * cached publicly. For anyone else the flag is ignored.
   */
  admin: booleanQuery.optional(),
});
export type CityListQuery = z.infer<typeof cityListQuerySchema>;

// ---------- responses ----------

const bilingualName = {
  /** The name in the request's language. */
  name: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
};

export const countrySchema = z.object({
  id: z.number().int(),
  ...bilingualName,
  /** ISO 3166-1 alpha-2, e.g. KW. */
  code: z.string(),
  sort_order: z.number().int(),
});
export type Country = z.infer<typeof countrySchema>;

export const governorateSchema = z.object({
  id: z.number().int(),
  ...bilingualName,
  country_id: z.number().int(),
  sort_order: z.number().int(),
});
export type Governorate = z.infer<typeof governorateSchema>;

/** A city; its `name_en` is empty when it has none, and `name` in English is then the Arabic one. */
export const citySchema = z.object({
  id: z.number().int(),
  ...bilingualName,
  country_id: z.number().int(),
  governorate_id: z.number().int().nullable(),
  shipping_fee: moneySchema,
  /** Names in the request's language. */
  country_name: z.string(),
  governorate_name: z.string().nullable(),
  /** Offered at checkout; only the back office sees inactive cities. */
  is_active: z.boolean(),
  created_at: z.string(),
});
export type City = z.infer<typeof citySchema>;

export const countryListResponseSchema = successShape({ countries: z.array(countrySchema) });
export type CountryListResponse = z.infer<typeof countryListResponseSchema>;

export const governorateListResponseSchema = successShape({
  governorates: z.array(governorateSchema),
});
export type GovernorateListResponse = z.infer<typeof governorateListResponseSchema>;

export const cityListResponseSchema = successShape({ cities: z.array(citySchema) });
export type CityListResponse = z.infer<typeof cityListResponseSchema>;

/**
 * What delivery costs in each country the shop delivers to: the cheapest and the dearest fee of
 * its active cities (the product pages' structured data, `Offer.shippingDetails`).
 */
export const shippingFeeRangeSchema = z.object({
  /** ISO 3166-1 alpha-2, e.g. KW. */
  country_code: z.string(),
  min_fee: moneySchema,
  max_fee: moneySchema,
});
export type ShippingFeeRange = z.infer<typeof shippingFeeRangeSchema>;

export const shippingFeeRangesResponseSchema = successShape({
  shipping_fees: z.array(shippingFeeRangeSchema),
});
export type ShippingFeeRangesResponse = z.infer<typeof shippingFeeRangesResponseSchema>;

import { z } from 'zod';
import { idParam, moneySchema, successShape } from './common.js';

// ---------- requests ----------

export const locationIdParamsSchema = z.object({ id: idParam });

export const cityListQuerySchema = z.object({
  country_id: idParam.optional(),
  governorate_id: idParam.optional(),
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

export const citySchema = z.object({
  id: z.number().int(),
  ...bilingualName,
  country_id: z.number().int(),
  governorate_id: z.number().int().nullable(),
  shipping_fee: moneySchema,
  /** Names in the request's language. */
  country_name: z.string(),
  governorate_name: z.string().nullable(),
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

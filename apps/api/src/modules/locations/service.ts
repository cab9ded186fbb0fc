import { and, asc, eq, max, min, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  fromThousandths,
  type City,
  type Country,
  type Governorate,
  type Language,
  type ShippingFeeRange,
  type Thousandths,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { cities, countries, governorates } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

interface Named {
  name_ar: string;
  name_en: string;
}

const nameIn = (row: Named, lang: Language): string => (lang === 'ar' ? row.name_ar : row.name_en);

/** A city's English name; a city may have none (stored empty), and English pages then show the Arabic one. */
const cityNameEn = (row: Named): string => row.name_en || row.name_ar;

/** A city as the orders module needs it: where it is, what delivery there costs, its names. */
export interface ShippingCity {
  id: number;
  country_id: number;
  governorate_id: number | null;
  /** Thousandths. */
  shipping_fee: Thousandths;
  name_ar: string;
  name_en: string;
  country_name_ar: string;
  country_name_en: string;
  governorate_name_ar: string | null;
  governorate_name_en: string | null;
}

/** The area a shopper chose: country, governorate and city, by id. */
export interface ChosenPlace {
  country_id: number;
  governorate_id: number;
  city_id: number;
}

/** Ids of places to name (placeNames). */
export interface PlaceIds {
  countries: readonly number[];
  governorates: readonly number[];
  cities: readonly number[];
}

/** Place names in one language, by id. */
export interface PlaceNames {
  countries: ReadonlyMap<number, string>;
  governorates: ReadonlyMap<number, string>;
  cities: ReadonlyMap<number, string>;
}

const placeError = (field: string, message: 'order.city_not_found' | 'order.country_mismatch' | 'order.governorate_mismatch') =>
  new AppError('VALIDATION_ERROR', 'error.validation', [{ field, message }]);

const cityCountry = alias(countries, 'city_country');
const cityGovernorate = alias(governorates, 'city_governorate');

/** Cities with the names of their country and governorate, one statement. */
export function selectCities(db: Executor) {
  return db
    .select({
      id: cities.id,
      country_id: cities.country_id,
      governorate_id: cities.governorate_id,
      name_ar: cities.name_ar,
      name_en: cities.name_en,
      shipping_fee: cities.shipping_fee,
      is_active: cities.is_active,
      created_at: cities.created_at,
      country_name_ar: cityCountry.name_ar,
      country_name_en: cityCountry.name_en,
      governorate_name_ar: cityGovernorate.name_ar,
      governorate_name_en: cityGovernorate.name_en,
    })
    .from(cities)
    .innerJoin(cityCountry, eq(cityCountry.id, cities.country_id))
    .leftJoin(cityGovernorate, eq(cityGovernorate.id, cities.governorate_id));
}

type CityRow = Awaited<ReturnType<ReturnType<typeof selectCities>['execute']>>[number];

/** A city as the API shows it: the fee in decimals, names in the request's language. */
export function presentCity(row: CityRow, lang: Language): City {
  const en = lang === 'en';
  return {
    id: row.id,
    name: en ? cityNameEn(row) : row.name_ar,
    name_ar: row.name_ar,
    name_en: row.name_en,
    country_id: row.country_id,
    governorate_id: row.governorate_id,
    shipping_fee: fromThousandths(row.shipping_fee),
    country_name: en ? row.country_name_en : row.country_name_ar,
    governorate_name: en ? row.governorate_name_en : row.governorate_name_ar,
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
  };
}

export interface CityFilter {
  country_id?: number | undefined;
  governorate_id?: number | undefined;
  /** The back office's view: inactive cities too. */
  include_inactive?: boolean | undefined;
}

export function createLocationsService(db: Database) {
  const requireCountry = async (id: number) => {
    const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
    if (!row) throw AppError.notFound('error.country_not_found');
  };
  const requireGovernorate = async (id: number) => {
    const [row] = await db
      .select({ id: governorates.id })
      .from(governorates)
      .where(eq(governorates.id, id));
    if (!row) throw AppError.notFound('error.governorate_not_found');
  };

  /**
   * An active city with its country, governorate and shipping fee (thousandths), or null when
   * there is no such active city. Pass the caller's transaction to read inside it.
   */
  async function getCityForShipping(
    cityId: number,
    executor: Executor = db,
  ): Promise<ShippingCity | null> {
    const [row] = await selectCities(executor)
      .where(and(eq(cities.id, cityId), eq(cities.is_active, true)))
      .limit(1)
      .prepare('locations_city_for_shipping')
      .execute();
    if (!row) return null;
    return {
      id: row.id,
      country_id: row.country_id,
      governorate_id: row.governorate_id,
      shipping_fee: row.shipping_fee,
      name_ar: row.name_ar,
      name_en: cityNameEn(row),
      country_name_ar: row.country_name_ar,
      country_name_en: row.country_name_en,
      governorate_name_ar: row.governorate_name_ar,
      governorate_name_en: row.governorate_name_en,
    };
  }

  const listGovernoratesWhere = async (where: SQL | undefined, lang: Language) => {
    const rows = await db
      .select()
      .from(governorates)
      .where(where)
      .orderBy(asc(governorates.country_id), asc(governorates.sort_order), asc(governorates.id));
    return rows.map((row): Governorate => ({
      id: row.id,
      name: nameIn(row, lang),
      name_ar: row.name_ar,
      name_en: row.name_en,
      country_id: row.country_id,
      sort_order: row.sort_order,
    }));
  };

  return {
    /** Countries the shop delivers to, in display order. */
    async listCountries(lang: Language): Promise<Country[]> {
      const rows = await db
        .select()
        .from(countries)
        .orderBy(asc(countries.sort_order), asc(countries.id));
      return rows.map((row) => ({
        id: row.id,
        name: nameIn(row, lang),
        name_ar: row.name_ar,
        name_en: row.name_en,
        code: row.code,
        sort_order: row.sort_order,
      }));
    },

    /** Every governorate, grouped by country, in display order. */
    listGovernorates(lang: Language): Promise<Governorate[]> {
      return listGovernoratesWhere(undefined, lang);
    },

    /** The governorates of one country; an unknown country is NOT_FOUND. */
    async listCountryGovernorates(countryId: number, lang: Language): Promise<Governorate[]> {
      await requireCountry(countryId);
      return listGovernoratesWhere(eq(governorates.country_id, countryId), lang);
    },

    /**
     * Active cities (every city with `include_inactive`), optionally of one country and/or
     * governorate, ordered by name in the request's language. A filter naming an unknown country
     * or governorate is NOT_FOUND.
     */
    async listCities(filter: CityFilter, lang: Language): Promise<City[]> {
      if (filter.country_id !== undefined) await requireCountry(filter.country_id);
      if (filter.governorate_id !== undefined) await requireGovernorate(filter.governorate_id);
      const shownName =
        lang === 'ar' ? cities.name_ar : sql`coalesce(nullif(${cities.name_en}, ''), ${cities.name_ar})`;
      const rows = await selectCities(db)
        .where(
          and(
            filter.include_inactive ? undefined : eq(cities.is_active, true),
            filter.country_id === undefined ? undefined : eq(cities.country_id, filter.country_id),
            filter.governorate_id === undefined
              ? undefined
              : eq(cities.governorate_id, filter.governorate_id),
          ),
        )
        .orderBy(asc(shownName), asc(cities.id));
      return rows.map((row) => presentCity(row, lang));
    },

    /** The cheapest and the dearest fee of each country's active cities; countries without one are left out. */
    async shippingFeeRanges(): Promise<ShippingFeeRange[]> {
      const rows = await db
        .select({
          country_code: countries.code,
          min_fee: min(cities.shipping_fee),
          max_fee: max(cities.shipping_fee),
        })
        .from(cities)
        .innerJoin(countries, eq(countries.id, cities.country_id))
        .where(eq(cities.is_active, true))
        .groupBy(countries.code, countries.sort_order)
        .orderBy(asc(countries.sort_order), asc(countries.code));
      return rows.flatMap((row) =>
        row.min_fee === null || row.max_fee === null
          ? []
          : [
              {
                country_code: row.country_code,
                min_fee: fromThousandths(row.min_fee),
                max_fee: fromThousandths(row.max_fee),
              },
            ],
      );
    },

    getCityForShipping,

    /**
     * The names of these countries, governorates and cities in `lang` (inactive cities too: a
     * saved address still names its area), by id; three statements whatever the number of ids.
     */
    async placeNames(ids: PlaceIds, lang: Language): Promise<PlaceNames> {
      const idsOf = (values: readonly number[]) => sql.param([...new Set(values)]);
      const [countryRows, governorateRows, cityRows] = await Promise.all([
        ids.countries.length === 0
          ? []
          : db.select().from(countries).where(sql`${countries.id} = any(${idsOf(ids.countries)}::integer[])`),
        ids.governorates.length === 0
          ? []
          : db.select().from(governorates).where(sql`${governorates.id} = any(${idsOf(ids.governorates)}::integer[])`),
        ids.cities.length === 0
          ? []
          : db.select().from(cities).where(sql`${cities.id} = any(${idsOf(ids.cities)}::integer[])`),
      ]);
      return {
        countries: new Map(countryRows.map((row) => [row.id, nameIn(row, lang)])),
        governorates: new Map(governorateRows.map((row) => [row.id, nameIn(row, lang)])),
        cities: new Map(cityRows.map((row) => [row.id, lang === 'ar' ? row.name_ar : cityNameEn(row)])),
      };
    },

    /**
     * The city an order or a saved address names, checked as the checkout checks it: an active
     * city (else `city_not_found` on city_id) inside the chosen country and governorate (else a
     * mismatch on country_id or governorate_id). A city without a governorate takes any.
     */
    async requireShippingCity(place: ChosenPlace, executor: Executor = db): Promise<ShippingCity> {
      const city = await getCityForShipping(place.city_id, executor);
      if (!city) throw placeError('city_id', 'order.city_not_found');
      if (city.country_id !== place.country_id) throw placeError('country_id', 'order.country_mismatch');
      if (city.governorate_id !== null && city.governorate_id !== place.governorate_id) {
        throw placeError('governorate_id', 'order.governorate_mismatch');
      }
      return city;
    },

    /**
     * The lowest and highest delivery fee (thousandths) over the active cities, or null when no
     * city takes orders: what the cart can promise before the shopper chooses their area.
     */
    async shippingFeeRange(): Promise<{ lowest: Thousandths; highest: Thousandths } | null> {
      const [row] = await db
        .select({
          lowest: sql<number | null>`min(${cities.shipping_fee})`,
          highest: sql<number | null>`max(${cities.shipping_fee})`,
        })
        .from(cities)
        .where(eq(cities.is_active, true));
      if (row?.lowest === null || row?.lowest === undefined || row.highest === null) return null;
      return { lowest: Number(row.lowest), highest: Number(row.highest) };
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;

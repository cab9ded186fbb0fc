import { and, eq, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_CITY_SHIPPING_FEE,
  type AdminCityCreate,
  type AdminCityUpdate,
  type City,
  type Language,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { cities, countries, governorates } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { presentCity, selectCities } from './service.js';

/**
 * The back office's cities and shipping fees: create, change (any fields, the bulk fee edit
 * sends the fee alone), delete. Orders keep their own copy of a city's names and fee (snapshot
 * columns), so neither a new fee nor a deletion changes a past order; a fee change applies from
 * the next checkout, which reads the city's fee inside its transaction.
 *
 * Nothing keeps a copy of the locations in memory (the storefront's lists are read from the
 * database on every request, browsers may keep them 60 seconds), so no change is published.
 */

export interface AdminCitiesDeps {
  /** Where each write records itself for the activity trail (ActivityRecorded), in its transaction. */
  events: DomainEvents;
}

/** Serialises city creates and renames, so the case-insensitive name check is exact. */
const CITY_NAMES_LOCK = 7_318_265;

type CityRow = typeof cities.$inferSelect;

/** What a city is, as the audit trail keeps it (fee in thousandths). */
function auditedCity(row: CityRow) {
  return {
    name_ar: row.name_ar,
    name_en: row.name_en,
    country_id: row.country_id,
    governorate_id: row.governorate_id,
    shipping_fee: row.shipping_fee,
    is_active: row.is_active,
  };
}

type CityValues = ReturnType<typeof auditedCity>;

const fieldProblem = (field: string, message: string) => AppError.validation([{ field, message }]);

const nameTaken = (field: 'name' | 'name_en') =>
  new AppError('CONFLICT', 'locations.name_taken', [{ field, message: 'locations.name_taken' }]);

const cityNotFound = () => AppError.notFound('error.city_not_found');

export function createAdminCitiesService(db: Database, deps: AdminCitiesDeps) {
  const { events } = deps;

  async function getCity(id: number, lang: Language, executor: Executor = db): Promise<City> {
    const [row] = await selectCities(executor).where(eq(cities.id, id)).limit(1);
    if (!row) throw cityNotFound();
    return presentCity(row, lang);
  }

  /**
   * The country must exist and the governorate (when there is one) must be in it. Both rows are
   * held (FOR KEY SHARE) until the transaction ends, so the cities' composite foreign key cannot
   * fail afterwards: its violation is reported here as a 400 on the field, never as a 500.
   */
  async function checkPlace(tx: Executor, countryId: number, governorateId: number | null) {
    const [country] = await tx
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.id, countryId))
      .for('key share');
    if (!country) throw fieldProblem('country_id', 'locations.country_invalid');
    if (governorateId === null) return;
    const [governorate] = await tx
      .select({ country_id: governorates.country_id })
      .from(governorates)
      .where(eq(governorates.id, governorateId))
      .for('key share');
    if (!governorate) throw fieldProblem('governorate_id', 'locations.governorate_invalid');
    if (governorate.country_id !== countryId) {
      throw fieldProblem('governorate_id', 'locations.governorate_other_country');
    }
  }

  /**
   * Names are unique within a governorate (within the country for cities without one), ignoring
   * case: the Arabic name among the Arabic names, a given English name among the English ones.
   */
  async function ensureNamesFree(tx: Executor, values: CityValues, exceptId?: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(${CITY_NAMES_LOCK})`);
    const samePlace = and(
      eq(cities.country_id, values.country_id),
      values.governorate_id === null
        ? sql`${cities.governorate_id} is null`
        : eq(cities.governorate_id, values.governorate_id),
      exceptId === undefined ? undefined : ne(cities.id, exceptId),
    );
    const clash = async (column: typeof cities.name_ar | typeof cities.name_en, name: string) => {
      const [row] = await tx
        .select({ id: cities.id })
        .from(cities)
        .where(and(samePlace, sql`lower(${column}) = lower(${name})`))
        .limit(1);
      return row !== undefined;
    };
    if (await clash(cities.name_ar, values.name_ar)) throw nameTaken('name');
    if (values.name_en !== '' && (await clash(cities.name_en, values.name_en))) {
      throw nameTaken('name_en');
    }
  }

  /** The city row, locked until the transaction ends. */
  async function lockCity(tx: Executor, id: number): Promise<CityRow> {
    const [row] = await tx.select().from(cities).where(eq(cities.id, id)).for('update');
    if (!row) throw cityNotFound();
    return row;
  }

  return {
    getCity,

    /** Creates a city; the fee is DEFAULT_CITY_SHIPPING_FEE unless given. */
    async create(actor: Actor, input: AdminCityCreate, lang: Language): Promise<City> {
      const values: CityValues = {
        name_ar: input.name,
        name_en: input.name_en,
        country_id: input.country_id,
        governorate_id: input.governorate_id,
        shipping_fee: input.shipping_fee ?? DEFAULT_CITY_SHIPPING_FEE,
        is_active: input.is_active,
      };
      const id = await events.transaction(db, async (tx) => {
        await checkPlace(tx, values.country_id, values.governorate_id);
        await ensureNamesFree(tx, values);
        const [row] = await tx.insert(cities).values(values).returning();
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'cities',
          entityId: row!.id,
          action: 'create',
          after: auditedCity(row!),
        });
        return row!.id;
      });
      return getCity(id, lang);
    },

    /**
     * Changes the fields sent, the others stay. A new country keeps the city's governorate only
     * when it is in that country (otherwise the governorate must be sent too, or null).
     */
    async update(actor: Actor, id: number, input: AdminCityUpdate, lang: Language): Promise<City> {
      await events.transaction(db, async (tx) => {
        const before = await lockCity(tx, id);
        const previous = auditedCity(before);
        const next: CityValues = {
          name_ar: input.name ?? previous.name_ar,
          name_en: input.name_en ?? previous.name_en,
          country_id: input.country_id ?? previous.country_id,
          governorate_id:
            input.governorate_id === undefined ? previous.governorate_id : input.governorate_id,
          shipping_fee: input.shipping_fee ?? previous.shipping_fee,
          is_active: input.is_active ?? previous.is_active,
        };
        const changed = (Object.keys(next) as (keyof CityValues)[]).filter(
          (key) => next[key] !== previous[key],
        );
        if (changed.length === 0) return;
        if (changed.includes('country_id') || changed.includes('governorate_id')) {
          await checkPlace(tx, next.country_id, next.governorate_id);
        }
        const namesOrPlace = ['name_ar', 'name_en', 'country_id', 'governorate_id'] as const;
        if (namesOrPlace.some((key) => changed.includes(key))) {
          await ensureNamesFree(tx, next, id);
        }
        await tx.update(cities).set(next).where(eq(cities.id, id));
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'cities',
          entityId: id,
          action: 'update',
          before: previous,
          after: next,
        });
      });
      return getCity(id, lang);
    },

    /**
     * Deletes a city. Its past orders stay as they were: their names and fee are snapshots, and
     * the foreign key only detaches them (orders.city_id set null). No cart or account holds a
     * city; a checkout still open on it is refused with "city not available" when sent.
     */
    async remove(actor: Actor, id: number): Promise<void> {
      await events.transaction(db, async (tx) => {
        const before = await lockCity(tx, id);
        await tx.delete(cities).where(eq(cities.id, id));
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'cities',
          entityId: id,
          action: 'delete',
          before: auditedCity(before),
        });
      });
    },
  };
}

export type AdminCitiesService = ReturnType<typeof createAdminCitiesService>;

import { and, desc, eq, sql } from 'drizzle-orm';
import {
  SAVED_ADDRESSES_MAX,
  type Language,
  type SavedAddress,
  type SavedAddressBody,
  type SavedAddressUpdateBody,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { customerAddresses, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { normalizePhone } from '../../lib/contact.js';
import type { LocationsService } from '../locations/index.js';

/**
 * A customer's saved delivery addresses (issue 33, item 7; docs/decisions/060). Each belongs to
 * one account, which keeps at most SAVED_ADDRESSES_MAX; one of a non-empty book is the default:
 * the first saved becomes it, choosing another moves it, and deleting it promotes the newest left.
 * Another account's address is NOT_FOUND, exactly like one that does not exist.
 */

type AddressRow = typeof customerAddresses.$inferSelect;

/** What a saved address holds, checked: the phone in its international form, the area valid. */
export interface AddressFields {
  name: string;
  phone: string;
  country_id: number;
  governorate_id: number;
  city_id: number;
  address: string;
}

/** What saving an order's address did (`POST /api/orders` with save_address). */
export type OrderAddressOutcome = 'saved' | 'already_saved' | 'limit_reached';

export interface AddressBookDeps {
  locations: Pick<LocationsService, 'requireShippingCity' | 'placeNames'>;
}

const notFound = () => AppError.notFound('address.not_found');

const limitReached = () =>
  new AppError('CONFLICT', 'address.limit_reached', undefined, { count: SAVED_ADDRESSES_MAX });

/** The phone as the checkout keeps it; a text no number can be read from is refused on its field. */
function phoneOf(phone: string): string {
  const normalized = normalizePhone(phone);
  if (normalized === null) throw AppError.validation([{ field: 'phone', message: 'order.phone_invalid' }]);
  return normalized;
}

/**
 * Holds the account's row until the transaction ends, so two saves of one account count each
 * other (the cap) and never both become its first, default address.
 */
async function lockAccount(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

async function countOf(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(customerAddresses)
    .where(eq(customerAddresses.user_id, userId));
  return row?.count ?? 0;
}

/** Makes `id` the account's only default (the others first: the partial unique index allows one). */
async function makeDefault(tx: Executor, userId: number, id: number): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ is_default: false })
    .where(and(eq(customerAddresses.user_id, userId), eq(customerAddresses.is_default, true)));
  await tx.update(customerAddresses).set({ is_default: true }).where(eq(customerAddresses.id, id));
}

/** Inserts an address, the default when it is the account's first or `asDefault` asks. */
async function insertAddress(tx: Executor, userId: number, fields: AddressFields, asDefault: boolean): Promise<number> {
  const first = (await countOf(tx, userId)) === 0;
  if (!first && asDefault) {
    await tx
      .update(customerAddresses)
      .set({ is_default: false })
      .where(and(eq(customerAddresses.user_id, userId), eq(customerAddresses.is_default, true)));
  }
  const [row] = await tx
    .insert(customerAddresses)
    .values({ user_id: userId, ...fields, is_default: first || asDefault })
    .returning({ id: customerAddresses.id });
  return row!.id;
}

export function createAddressBook(db: Database, deps: AddressBookDeps) {
  /** The name, the phone (international form) and the address trimmed; the area checked as the order checks it. */
  async function checked(fields: AddressFields, executor: Executor): Promise<AddressFields> {
    const phone = phoneOf(fields.phone);
    await deps.locations.requireShippingCity(fields, executor);
    return { ...fields, phone };
  }

  async function present(rows: AddressRow[], lang: Language): Promise<SavedAddress[]> {
    const names = await deps.locations.placeNames(
      {
        countries: rows.map((row) => row.country_id),
        governorates: rows.map((row) => row.governorate_id),
        cities: rows.flatMap((row) => (row.city_id === null ? [] : [row.city_id])),
      },
      lang,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      phone: row.phone,
      country_id: row.country_id,
      governorate_id: row.governorate_id,
      city_id: row.city_id,
      address: row.address,
      country_name: names.countries.get(row.country_id) ?? '',
      governorate_name: names.governorates.get(row.governorate_id) ?? '',
      city_name: row.city_id === null ? null : (names.cities.get(row.city_id) ?? null),
      is_default: row.is_default,
    }));
  }

  async function rowsOf(userId: number): Promise<AddressRow[]> {
    return db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.user_id, userId))
      .orderBy(desc(customerAddresses.is_default), desc(customerAddresses.id));
  }

  async function one(userId: number, id: number, lang: Language): Promise<SavedAddress> {
    const rows = await db
      .select()
      .from(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.user_id, userId)));
    if (rows.length === 0) throw notFound();
    return (await present(rows, lang))[0]!;
  }

  return {
    /** The account's addresses: the default first, then the newest. */
    async list(userId: number, lang: Language): Promise<SavedAddress[]> {
      return present(await rowsOf(userId), lang);
    },

    /** Saves a new address; 409 CONFLICT once the account keeps SAVED_ADDRESSES_MAX. */
    async create(userId: number, body: SavedAddressBody, lang: Language): Promise<SavedAddress> {
      const fields = await checked(body, db);
      const id = await db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        if ((await countOf(tx, userId)) >= SAVED_ADDRESSES_MAX) throw limitReached();
        return insertAddress(tx, userId, fields, body.is_default === true);
      });
      return one(userId, id, lang);
    },

    /**
     * Changes the fields sent (the area checked whole, with the saved values for those not sent);
     * `is_default: true` makes it the default. Another account's address is NOT_FOUND.
     */
    async update(userId: number, id: number, body: SavedAddressUpdateBody, lang: Language): Promise<SavedAddress> {
      const { is_default: asDefault, ...changes } = body;
      const changing = Object.values(changes).some((value) => value !== undefined);
      if (!changing && asDefault === undefined) {
        throw AppError.validation([{ field: 'body', message: 'address.nothing_to_change' }]);
      }
      await db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const [row] = await tx
          .select()
          .from(customerAddresses)
          .where(and(eq(customerAddresses.id, id), eq(customerAddresses.user_id, userId)));
        if (!row) throw notFound();
        if (changing) {
          const fields = await checked(
            {
              name: changes.name ?? row.name,
              phone: changes.phone ?? row.phone,
              country_id: changes.country_id ?? row.country_id,
              governorate_id: changes.governorate_id ?? row.governorate_id,
              // A city deleted since (null) must be chosen again: 0 is no city, refused on city_id.
              city_id: changes.city_id ?? row.city_id ?? 0,
              address: changes.address ?? row.address,
            },
            tx,
          );
          await tx
            .update(customerAddresses)
            .set({ ...fields, updated_at: sql`now()` })
            .where(eq(customerAddresses.id, id));
        }
        if (asDefault === true && !row.is_default) await makeDefault(tx, userId, id);
      });
      return one(userId, id, lang);
    },

    /** Deletes an address; when it was the default, the newest one left becomes it. */
    async remove(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const [gone] = await tx
          .delete(customerAddresses)
          .where(and(eq(customerAddresses.id, id), eq(customerAddresses.user_id, userId)))
          .returning({ is_default: customerAddresses.is_default });
        if (!gone) throw notFound();
        if (!gone.is_default) return;
        const [next] = await tx
          .select({ id: customerAddresses.id })
          .from(customerAddresses)
          .where(eq(customerAddresses.user_id, userId))
          .orderBy(desc(customerAddresses.id))
          .limit(1);
        if (next) await makeDefault(tx, userId, next.id);
      });
    },

    /**
     * Saves an order's address in the order's transaction (the orders module checked every field
     * and the area already; the phone comes in its international form). The same address (name,
     * phone, area and text) already saved is not saved twice; a full book keeps the order going
     * without it.
     */
    async saveFromOrder(tx: Executor, userId: number, fields: AddressFields): Promise<OrderAddressOutcome> {
      await lockAccount(tx, userId);
      const [same] = await tx
        .select({ id: customerAddresses.id })
        .from(customerAddresses)
        .where(
          and(
            eq(customerAddresses.user_id, userId),
            eq(customerAddresses.name, fields.name),
            eq(customerAddresses.phone, fields.phone),
            eq(customerAddresses.city_id, fields.city_id),
            eq(customerAddresses.address, fields.address),
          ),
        )
        .limit(1);
      if (same) return 'already_saved';
      if ((await countOf(tx, userId)) >= SAVED_ADDRESSES_MAX) return 'limit_reached';
      await insertAddress(tx, userId, fields, false);
      return 'saved';
    },
  };
}

export type AddressBook = ReturnType<typeof createAddressBook>;

import { eq, inArray, sql } from 'drizzle-orm';
import {
  AUDIT_REFERENCE_FIELDS,
  AUDIT_REFERENCE_LISTS,
  type AuditNamedKind,
  type AuditNames,
  type Language,
} from '@shop/shared';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  attributeVariations,
  attributes,
  auditLog,
  categories,
  cities,
  countries,
  governorates,
  orderItems,
  orders,
  productReviews,
  products,
  promoCodes,
  searchSynonyms,
  slides,
} from '../../db/schema/index.js';
import type { AccountNames } from './read.js';

/**
 * The names of the records a page of the trail names: each entry's own record and the records
 * its changes point to (a product's category, a city's country…). One statement per kind of
 * record for the whole page, whatever its length; a kind the page does not name costs nothing.
 *
 * These are read-only lookups of a name by id. Audit reads the tables directly rather than
 * through their modules, as it may depend on no module (every back-office module writes to it,
 * docs/decisions/041); accounts' names come through accountNames like the actors'.
 */

type Changes = Record<string, { from: unknown; to: unknown }>;

export interface NamedEntry {
  entity: string;
  entity_id: number | null;
  changes: Changes | null;
}

type NameLookup = (executor: Executor, ids: number[], lang: Language) => Promise<Map<number, string>>;

/** Arabic first: the English name when asked for English and the record has one. */
const inLanguage = (lang: Language, arabic: string, english: string | null | undefined) =>
  lang === 'en' && english ? english : arabic;

/**
 * A lookup of one table's names: `name` (Arabic, or the only name) and, when the table has one,
 * `english`, chosen by the request's language.
 */
function namesIn(
  table: PgTable,
  columns: { id: PgColumn; name: PgColumn; english?: PgColumn },
): NameLookup {
  return async (executor, ids, lang) => {
    const rows = (await executor
      .select({ id: columns.id, name: columns.name, english: columns.english ?? sql<null>`null` })
      .from(table)
      .where(inArray(columns.id, ids))) as Array<{ id: number; name: string; english: string | null }>;
    return new Map(rows.map((row) => [row.id, inLanguage(lang, row.name, row.english)]));
  };
}

const LOOKUPS: Record<Exclude<AuditNamedKind, 'users'>, NameLookup> = {
  products: namesIn(products, { id: products.id, name: products.name, english: products.name_en }),
  categories: namesIn(categories, { id: categories.id, name: categories.name, english: categories.name_en }),
  attributes: namesIn(attributes, { id: attributes.id, name: attributes.name, english: attributes.name_en }),
  async attribute_variations(executor, ids, lang) {
    // "Colour: Red": a value's title alone rarely says what it is.
    const rows = await executor
      .select({
        id: attributeVariations.id,
        title: attributeVariations.title,
        title_en: attributeVariations.title_en,
        attribute: attributes.name,
        attribute_en: attributes.name_en,
      })
      .from(attributeVariations)
      .innerJoin(attributes, eq(attributes.id, attributeVariations.attribute_id))
      .where(inArray(attributeVariations.id, ids));
    return new Map(
      rows.map((row) => [
        row.id,
        `${inLanguage(lang, row.attribute, row.attribute_en)}: ${inLanguage(lang, row.title, row.title_en)}`,
      ]),
    );
  },
  orders: namesIn(orders, { id: orders.id, name: orders.order_number }),
  // The name it was ordered under: the snapshot outlives the product.
  order_items: namesIn(orderItems, { id: orderItems.id, name: orderItems.product_name, english: orderItems.product_name_en }),
  cities: namesIn(cities, { id: cities.id, name: cities.name_ar, english: cities.name_en }),
  countries: namesIn(countries, { id: countries.id, name: countries.name_ar, english: countries.name_en }),
  governorates: namesIn(governorates, { id: governorates.id, name: governorates.name_ar, english: governorates.name_en }),
  promo_codes: namesIn(promoCodes, { id: promoCodes.id, name: promoCodes.code }),
  slides: namesIn(slides, { id: slides.id, name: slides.title, english: slides.title_en }),
  search_synonyms: namesIn(searchSynonyms, { id: searchSynonyms.id, name: searchSynonyms.term }),
  async product_reviews(executor, ids, lang) {
    // "Agate beads — Sara A.": the product reviewed and the reviewer as the public sees them.
    const rows = await executor
      .select({
        id: productReviews.id,
        reviewer: productReviews.reviewer_name,
        name: products.name,
        name_en: products.name_en,
      })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.product_id))
      .where(inArray(productReviews.id, ids));
    return new Map(
      rows.map((row) => {
        const product = inLanguage(lang, row.name, row.name_en);
        return [row.id, row.reviewer ? `${product} — ${row.reviewer}` : product];
      }),
    );
  },
};

function isNamedKind(entity: string): entity is AuditNamedKind {
  return entity === 'users' || Object.hasOwn(LOOKUPS, entity);
}

/** Lists of objects each pointing to a record: the kind and the key holding its id. */
const LIST_ITEM_REFERENCES = {
  attribute_variations: ['attribute_variations', 'variation_id'],
  lines: ['order_items', 'order_item_id'],
} as const satisfies Record<string, readonly [AuditNamedKind, string]>;

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** The ids of every kind of record the entries name, their own and those their changes point to. */
export function namedIds(entries: readonly NamedEntry[]): Map<AuditNamedKind, Set<number>> {
  const wanted = new Map<AuditNamedKind, Set<number>>();
  const want = (kind: AuditNamedKind, value: unknown) => {
    if (!isId(value)) return;
    let ids = wanted.get(kind);
    if (!ids) wanted.set(kind, (ids = new Set()));
    ids.add(value);
  };
  for (const entry of entries) {
    if (isNamedKind(entry.entity)) want(entry.entity, entry.entity_id);
    for (const [field, change] of Object.entries(entry.changes ?? {})) {
      for (const value of [change.from, change.to]) {
        if (Object.hasOwn(AUDIT_REFERENCE_FIELDS, field)) {
          want(AUDIT_REFERENCE_FIELDS[field as keyof typeof AUDIT_REFERENCE_FIELDS], value);
        } else if (Object.hasOwn(AUDIT_REFERENCE_LISTS, field) && Array.isArray(value)) {
          const kind = AUDIT_REFERENCE_LISTS[field as keyof typeof AUDIT_REFERENCE_LISTS];
          for (const id of value) want(kind, id);
        } else if (Object.hasOwn(LIST_ITEM_REFERENCES, field) && Array.isArray(value)) {
          const [kind, key] = LIST_ITEM_REFERENCES[field as keyof typeof LIST_ITEM_REFERENCES];
          for (const item of value) {
            if (typeof item === 'object' && item !== null) want(kind, (item as Record<string, unknown>)[key]);
          }
        }
      }
    }
  }
  return wanted;
}

/**
 * The current names of the records the entries name, by kind and id; records that no longer
 * exist are absent. Accounts' names come with the actors' (`accounts`, already looked up).
 */
export async function lookUpNames(
  executor: Executor,
  wanted: Map<AuditNamedKind, Set<number>>,
  lang: Language,
  accounts: Awaited<ReturnType<AccountNames>>,
): Promise<Map<AuditNamedKind, Map<number, string>>> {
  const found = new Map<AuditNamedKind, Map<number, string>>();
  await Promise.all(
    [...wanted].map(async ([kind, ids]) => {
      if (kind === 'users') {
        found.set(kind, new Map([...ids].flatMap((id) => {
          const account = accounts.get(id);
          return account ? [[id, account.name] as const] : [];
        })));
        return;
      }
      found.set(kind, await LOOKUPS[kind](executor, [...ids], lang));
    }),
  );
  return found;
}

/** The field that names each kind of record in its stored entry: [Arabic or only, English]. */
const SNAPSHOT_NAMES: Record<AuditNamedKind, readonly [string, string?]> = {
  products: ['name', 'name_en'],
  categories: ['name', 'name_en'],
  attributes: ['name', 'name_en'],
  attribute_variations: ['title', 'title_en'],
  orders: ['order_number'],
  order_items: ['product_name', 'product_name_en'],
  users: ['name'],
  cities: ['name_ar', 'name_en'],
  countries: ['name_ar', 'name_en'],
  governorates: ['name_ar', 'name_en'],
  promo_codes: ['code'],
  slides: ['title', 'title_en'],
  search_synonyms: ['term'],
  product_reviews: ['title'],
};

function snapshotText(changes: Changes | null, field: string | undefined): string | null {
  if (field === undefined) return null;
  const change = changes?.[field];
  const value = change ? (change.to ?? change.from) : null;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function keptName(changes: Changes | null, kind: AuditNamedKind, lang: Language): string | null {
  const [arabic, english] = SNAPSHOT_NAMES[kind];
  return (lang === 'en' ? snapshotText(changes, english) : null) ?? snapshotText(changes, arabic);
}

const recordKey = (entity: string, id: number) => `${entity}:${id}`;

/**
 * The last name the trail kept of each deleted record of the page whose own entry keeps none (an
 * edit of its price says nothing of its name; its deletion, maybe on another page, does): the
 * newest entry of each that holds a name field. One statement for all of them.
 */
export async function keptNames(
  executor: Executor,
  entries: readonly NamedEntry[],
  names: Map<AuditNamedKind, Map<number, string>>,
  lang: Language,
): Promise<Map<string, string>> {
  const unnamed = new Map<string, { entity: AuditNamedKind; id: number }>();
  for (const entry of entries) {
    if (!isNamedKind(entry.entity) || entry.entity_id === null) continue;
    if (names.get(entry.entity)?.has(entry.entity_id)) continue;
    if (keptName(entry.changes, entry.entity, lang) !== null) continue;
    unnamed.set(recordKey(entry.entity, entry.entity_id), { entity: entry.entity, id: entry.entity_id });
  }
  if (unnamed.size === 0) return new Map();
  const fields = [...new Set(Object.values(SNAPSHOT_NAMES).flat().filter((field) => field !== undefined))];
  const pairs = sql.join(
    [...unnamed.values()].map(({ entity, id }) => sql`(${entity}, ${id}::integer)`),
    sql`, `,
  );
  const rows = await executor
    .selectDistinctOn([auditLog.entity, auditLog.entity_id], {
      entity: auditLog.entity,
      entity_id: auditLog.entity_id,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .where(
      sql`(${auditLog.entity}, ${auditLog.entity_id}) in (${pairs}) and ${auditLog.changes} ?| array[${sql.join(
        fields.map((field) => sql`${field}::text`),
        sql`, `,
      )}]`,
    )
    .orderBy(auditLog.entity, auditLog.entity_id, sql`${auditLog.id} desc`);
  const kept = new Map<string, string>();
  for (const row of rows) {
    if (row.entity_id === null || !isNamedKind(row.entity)) continue;
    const name = keptName(row.changes, row.entity, lang);
    if (name !== null) kept.set(recordKey(row.entity, row.entity_id), name);
  }
  return kept;
}

/**
 * An entry's record name and whether the record is gone: the current name while it exists,
 * else the name its entry kept (the latest value of its name field: a deleted record's is in
 * `from`, a created one's in `to`), else the last one the trail kept of it (keptNames).
 */
export function recordName(
  entry: NamedEntry,
  names: Map<AuditNamedKind, Map<number, string>>,
  kept: Map<string, string>,
  lang: Language,
): { record_name: string | null; record_deleted: boolean } {
  if (!isNamedKind(entry.entity) || entry.entity_id === null) {
    return { record_name: null, record_deleted: false };
  }
  const current = names.get(entry.entity)?.get(entry.entity_id);
  if (current !== undefined) return { record_name: current, record_deleted: false };
  return {
    record_name:
      keptName(entry.changes, entry.entity, lang) ?? kept.get(recordKey(entry.entity, entry.entity_id)) ?? null,
    record_deleted: true,
  };
}

/** The names for the reply: kind → id → name, for the records the changes point to. */
export function namesForReply(names: Map<AuditNamedKind, Map<number, string>>): AuditNames {
  const reply: AuditNames = {};
  for (const [kind, byId] of names) {
    if (byId.size === 0) continue;
    reply[kind] = Object.fromEntries([...byId].map(([id, name]) => [String(id), name]));
  }
  return reply;
}

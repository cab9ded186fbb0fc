import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  fromThousandths,
  type AdminAttribute,
  type AdminAttributeBody,
  type AdminVariation,
  type AdminVariationCreateBody,
  type AdminVariationUpdateBody,
  type AdminVariationWithAttribute,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import {
  attributeVariations,
  attributes,
  productAttributeVariations,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { publishedWrite } from '../../lib/published-write.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';

/**
 * The back office's attributes and their values (variations): list, create, rename, delete.
 * Names are unique ignoring case, titles unique within their attribute; both checks run under a
 * lock inside the write's transaction, so two admins saving at once cannot both pass them.
 */

export interface AttributesAdminDeps {
  /** Where each write tells of itself (AttributesChanged, ActivityRecorded), inside its transaction. */
  events: DomainEvents;
}

/** Serialises attribute creates and renames, so the case-insensitive name check is exact. */
const ATTRIBUTE_NAMES_LOCK = 7_302_941;

interface VariationRow {
  id: number;
  attribute_id: number;
  attribute_name: string;
  attribute_name_en: string | null;
  title: string;
  title_en: string | null;
  additional_price: number;
  created_at: Date;
  product_count: number;
}

const productLinks = productAttributeVariations;

function presentVariation(row: VariationRow): AdminVariation {
  return {
    id: row.id,
    attribute_id: row.attribute_id,
    title: row.title,
    title_en: row.title_en,
    additional_price: fromThousandths(row.additional_price),
    product_count: row.product_count,
    created_at: row.created_at.toISOString(),
  };
}

function presentVariationWithAttribute(row: VariationRow): AdminVariationWithAttribute {
  return {
    ...presentVariation(row),
    attribute_name: row.attribute_name,
    attribute_name_en: row.attribute_name_en,
  };
}

const nameTaken = () =>
  new AppError('CONFLICT', 'attributes.name_taken', [
    { field: 'name', message: 'attributes.name_taken' },
  ]);

const titleTaken = () =>
  new AppError('CONFLICT', 'attributes.title_taken', [
    { field: 'title', message: 'attributes.title_taken' },
  ]);

const attributeNotFound = () => AppError.notFound('attributes.not_found');
const variationNotFound = () => AppError.notFound('attributes.value_not_found');

export function createAttributesAdminService(db: Database, deps: AttributesAdminDeps) {
  const { events } = deps;

  /** Values with their product counts, one grouped statement. */
  function selectVariations(executor: Executor, where: SQL | undefined) {
    return executor
      .select({
        id: attributeVariations.id,
        attribute_id: attributeVariations.attribute_id,
        attribute_name: attributes.name,
        attribute_name_en: attributes.name_en,
        title: attributeVariations.title,
        title_en: attributeVariations.title_en,
        additional_price: attributeVariations.additional_price,
        created_at: attributeVariations.created_at,
        product_count: sql<number>`count(${productLinks.product_id})`.mapWith(Number),
      })
      .from(attributeVariations)
      .innerJoin(attributes, eq(attributes.id, attributeVariations.attribute_id))
      .leftJoin(productLinks, eq(productLinks.variation_id, attributeVariations.id))
      .where(where)
      .groupBy(attributeVariations.id, attributes.name, attributes.name_en)
      .orderBy(asc(attributeVariations.attribute_id), asc(attributeVariations.id));
  }

  /**
   * Attributes (all, or one) with their values and counts: three statements whatever the number,
   * one after the other (a transaction's connection runs one at a time anyway).
   */
  async function loadAttributes(executor: Executor, id?: number): Promise<AdminAttribute[]> {
    const attributeRows = await executor
      .select()
      .from(attributes)
      .where(id === undefined ? undefined : eq(attributes.id, id))
      .orderBy(asc(attributes.id));
    if (attributeRows.length === 0) return [];
    const variationRows = await selectVariations(
      executor,
      id === undefined ? undefined : eq(attributeVariations.attribute_id, id),
    );
    const countRows = await executor
      .select({
        attribute_id: attributeVariations.attribute_id,
        product_count: sql<number>`count(distinct ${productLinks.product_id})`.mapWith(Number),
      })
      .from(productLinks)
      .innerJoin(attributeVariations, eq(attributeVariations.id, productLinks.variation_id))
      .where(id === undefined ? undefined : eq(attributeVariations.attribute_id, id))
      .groupBy(attributeVariations.attribute_id);
    const variationsOf = new Map<number, AdminVariation[]>();
    for (const row of variationRows) {
      const list = variationsOf.get(row.attribute_id) ?? [];
      list.push(presentVariation(row));
      variationsOf.set(row.attribute_id, list);
    }
    const countOf = new Map(countRows.map((row) => [row.attribute_id, row.product_count]));
    return attributeRows.map((row) => ({
      id: row.id,
      name: row.name,
      name_en: row.name_en,
      created_at: row.created_at.toISOString(),
      variations: variationsOf.get(row.id) ?? [],
      product_count: countOf.get(row.id) ?? 0,
    }));
  }

  async function getAttribute(id: number, executor: Executor = db): Promise<AdminAttribute> {
    const [attribute] = await loadAttributes(executor, id);
    if (!attribute) throw attributeNotFound();
    return attribute;
  }

  async function getVariation(
    id: number,
    attributeId?: number,
    executor: Executor = db,
  ): Promise<AdminVariationWithAttribute> {
    const [row] = await selectVariations(
      executor,
      and(
        eq(attributeVariations.id, id),
        attributeId === undefined ? undefined : eq(attributeVariations.attribute_id, attributeId),
      ),
    );
    if (!row) throw variationNotFound();
    return presentVariationWithAttribute(row);
  }

  /** The attribute row, locked until the transaction ends (values of it are checked or changed). */
  async function lockAttribute(tx: Executor, id: number) {
    const [row] = await tx.select().from(attributes).where(eq(attributes.id, id)).for('update');
    if (!row) throw attributeNotFound();
    return row;
  }

  async function ensureNameFree(tx: Executor, name: string, exceptId?: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${ATTRIBUTE_NAMES_LOCK})`);
    const [clash] = await tx
      .select({ id: attributes.id })
      .from(attributes)
      .where(
        and(
          sql`lower(${attributes.name}) = lower(${name})`,
          exceptId === undefined ? undefined : ne(attributes.id, exceptId),
        ),
      )
      .limit(1);
    if (clash) throw nameTaken();
  }

  /** Call with the attribute locked. */
  async function ensureTitleFree(
    tx: Executor,
    attributeId: number,
    title: string,
    exceptId?: number,
  ): Promise<void> {
    const [clash] = await tx
      .select({ id: attributeVariations.id })
      .from(attributeVariations)
      .where(
        and(
          eq(attributeVariations.attribute_id, attributeId),
          sql`lower(${attributeVariations.title}) = lower(${title})`,
          exceptId === undefined ? undefined : ne(attributeVariations.id, exceptId),
        ),
      )
      .limit(1);
    if (clash) throw titleTaken();
  }

  /** The value, locked with its attribute (attribute first, the order every write here uses). */
  async function lockVariation(tx: Executor, id: number, attributeId: number | undefined) {
    const [found] = await tx
      .select({ attribute_id: attributeVariations.attribute_id })
      .from(attributeVariations)
      .where(eq(attributeVariations.id, id));
    if (!found || (attributeId !== undefined && found.attribute_id !== attributeId)) {
      throw variationNotFound();
    }
    const [attribute] = await tx
      .select({ id: attributes.id })
      .from(attributes)
      .where(eq(attributes.id, found.attribute_id))
      .for('update');
    const [row] = await tx
      .select()
      .from(attributeVariations)
      .where(and(eq(attributeVariations.id, id), eq(attributeVariations.attribute_id, found.attribute_id)))
      .for('update');
    // Deleted or moved while we waited for the lock.
    if (!attribute || !row) throw variationNotFound();
    return row;
  }

  const write = publishedWrite(db, events, { type: 'AttributesChanged' });

  return {
    /** Every attribute with its values and how many products use them. */
    listAttributes(): Promise<AdminAttribute[]> {
      return loadAttributes(db);
    },

    getAttribute(id: number): Promise<AdminAttribute> {
      return getAttribute(id);
    },

    async createAttribute(input: AdminAttributeBody, actor: Actor): Promise<AdminAttribute> {
      const id = await write(async (tx) => {
        await ensureNameFree(tx, input.name);
        const [row] = await tx
          .insert(attributes)
          .values({ name: input.name, name_en: input.name_en ?? null })
          .returning();
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'attributes',
          entityId: row!.id,
          action: 'create',
          after: { name: row!.name, name_en: row!.name_en },
        });
        return row!.id;
      });
      return getAttribute(id);
    },

    async renameAttribute(id: number, input: AdminAttributeBody, actor: Actor): Promise<AdminAttribute> {
      await write(async (tx) => {
        const before = await lockAttribute(tx, id);
        // An English name left out keeps the one stored; null or blank clears it.
        const next = { name: input.name, name_en: input.name_en === undefined ? before.name_en : input.name_en };
        if (before.name === next.name && before.name_en === next.name_en) return;
        if (before.name !== next.name) await ensureNameFree(tx, next.name, id);
        await tx.update(attributes).set(next).where(eq(attributes.id, id));
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'attributes',
          entityId: id,
          action: 'update',
          before: { name: before.name, name_en: before.name_en },
          after: next,
        });
      });
      return getAttribute(id);
    },

    /** Deletes the attribute, its values and their product links (foreign keys cascade). */
    async deleteAttribute(id: number, actor: Actor): Promise<void> {
      await write(async (tx) => {
        await lockAttribute(tx, id);
        const before = await getAttribute(id, tx);
        await tx.delete(attributes).where(eq(attributes.id, id));
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'attributes',
          entityId: id,
          action: 'delete',
          before: {
            name: before.name,
            name_en: before.name_en,
            variations: before.variations.map((variation) => ({
              id: variation.id,
              title: variation.title,
              title_en: variation.title_en,
              additional_price: variation.additional_price,
            })),
            product_count: before.product_count,
          },
        });
      });
    },

    async listVariations(attributeId: number): Promise<AdminVariationWithAttribute[]> {
      const [attribute] = await db
        .select({ id: attributes.id })
        .from(attributes)
        .where(eq(attributes.id, attributeId));
      if (!attribute) throw attributeNotFound();
      const rows = await selectVariations(db, eq(attributeVariations.attribute_id, attributeId));
      return rows.map(presentVariationWithAttribute);
    },

    /** Every value of every attribute, with its attribute's name (the product form's picker). */
    async listAllVariations(): Promise<AdminVariationWithAttribute[]> {
      const rows = await selectVariations(db, undefined);
      return rows.map(presentVariationWithAttribute);
    },

    async createVariation(
      attributeId: number,
      input: AdminVariationCreateBody,
      actor: Actor,
    ): Promise<AdminVariationWithAttribute> {
      const id = await write(async (tx) => {
        await lockAttribute(tx, attributeId);
        await ensureTitleFree(tx, attributeId, input.title);
        const [row] = await tx
          .insert(attributeVariations)
          .values({
            attribute_id: attributeId,
            title: input.title,
            title_en: input.title_en ?? null,
            additional_price: input.additional_price ?? 0,
          })
          .returning();
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'attribute_variations',
          entityId: row!.id,
          action: 'create',
          after: {
            attribute_id: attributeId,
            title: row!.title,
            title_en: row!.title_en,
            additional_price: row!.additional_price,
          },
        });
        return row!.id;
      });
      return getVariation(id);
    },

    /** Renames a value and/or changes its default surcharge; attributeId, when given, must own it. */
    async updateVariation(
      id: number,
      input: AdminVariationUpdateBody,
      actor: Actor,
      attributeId?: number,
    ): Promise<AdminVariationWithAttribute> {
      await write(async (tx) => {
        const before = await lockVariation(tx, id, attributeId);
        const next = {
          title: input.title ?? before.title,
          title_en: input.title_en === undefined ? before.title_en : input.title_en,
          additional_price: input.additional_price ?? before.additional_price,
        };
        if (
          next.title === before.title &&
          next.title_en === before.title_en &&
          next.additional_price === before.additional_price
        ) {
          return;
        }
        if (next.title !== before.title) {
          await ensureTitleFree(tx, before.attribute_id, next.title, id);
        }
        await tx.update(attributeVariations).set(next).where(eq(attributeVariations.id, id));
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'attribute_variations',
          entityId: id,
          action: 'update',
          before: {
            title: before.title,
            title_en: before.title_en,
            additional_price: before.additional_price,
          },
          after: next,
        });
      });
      return getVariation(id);
    },

    /** Deletes a value and its product links; carts holding it drop the line on their next read. */
    async deleteVariation(id: number, actor: Actor, attributeId?: number): Promise<void> {
      await write(async (tx) => {
        const before = await lockVariation(tx, id, attributeId);
        const [links] = await tx
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(productLinks)
          .where(eq(productLinks.variation_id, id));
        await tx.delete(attributeVariations).where(eq(attributeVariations.id, id));
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'attribute_variations',
          entityId: id,
          action: 'delete',
          before: {
            attribute_id: before.attribute_id,
            title: before.title,
            title_en: before.title_en,
            additional_price: before.additional_price,
            product_count: links?.count ?? 0,
          },
        });
      });
    },
  };
}

export type AttributesAdminService = ReturnType<typeof createAttributesAdminService>;

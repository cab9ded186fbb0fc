import { asc, sql } from 'drizzle-orm';
import {
  apiMessage,
  BULK_EDIT_MAX_PRODUCTS,
  fromThousandths,
  inLanguage,
  planBulkChange,
  PRODUCT_PAGE_SIZE,
  type BulkChanges,
  type BulkField,
  type BulkFieldChange,
  type BulkFilter,
  type BulkOutcome,
  type BulkProductOutcome,
  type BulkProductValues,
  type Language,
  type ProductsBulkEditBody,
  type ProductsBulkEditResponse,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { DomainEvent, DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { auditFields, stockSetEvent, type ProductRow } from './product-writes.js';
import type { CatalogService } from './service.js';

/**
 * The bulk edit of products (issue 32, item 3; docs/decisions/057): one change for the products
 * chosen by id or by the products list's filter. The change rules are the shared ones
 * (`planBulkChange`); here they meet the database: which products, the preview, and one
 * transaction that writes every changed product in one statement with its events.
 */

export interface ProductsBulkEditDeps {
  events: DomainEvents;
  /** The products list's own reads: "all that match the filter" is what the list shows. */
  catalog: CatalogService;
}

/** One chosen product as planned: its row (absent when it no longer exists) and the outcome. */
interface PlannedProduct {
  id: number;
  row: ProductRow | undefined;
  outcome: BulkOutcome | undefined;
}

const valuesOf = (row: ProductRow): BulkProductValues => ({
  price: row.price,
  sale_price: row.sale_price,
  stock_quantity: row.stock_quantity,
  status: row.status,
  category_id: row.category_id,
  featured: row.featured,
});

/** A field's value as the API answers it: money in KWD, the rest as stored. */
function shown(field: BulkField, value: BulkProductValues[BulkField]): BulkFieldChange['before'] {
  if ((field === 'price' || field === 'sale_price') && typeof value === 'number') {
    return fromThousandths(value);
  }
  return value;
}

export function createProductsBulkEdit(db: Database, deps: ProductsBulkEditDeps) {
  const { events, catalog } = deps;

  /**
   * The ids of every product the list shows for this filter, in the list's order. The list's
   * own read answers it (catalog.listProducts), so the set is the list's: first a page of the
   * list's size, whose total (a search's passes depend on the page size) gives the one read of
   * the whole set. More than BULK_EDIT_MAX_PRODUCTS is refused, naming how many matched.
   */
  async function idsMatching(filter: BulkFilter): Promise<number[]> {
    const { status, ...rest } = filter;
    const listFilter = {
      ...rest,
      status: status === '' ? ('all' as const) : status,
      page: 1,
    };
    const first = await catalog.listProducts({ ...listFilter, limit: PRODUCT_PAGE_SIZE });
    const { total } = first.pagination;
    if (total > BULK_EDIT_MAX_PRODUCTS) {
      throw new AppError('UNPROCESSABLE', 'bulk.filter_too_many', undefined, {
        count: total,
        max: BULK_EDIT_MAX_PRODUCTS,
      });
    }
    if (total === 0) throw new AppError('UNPROCESSABLE', 'bulk.filter_empty');
    const all =
      total <= first.products.length ? first : await catalog.listProducts({ ...listFilter, limit: total });
    return all.products.map((product) => product.id);
  }

  function chosenIds(selection: ProductsBulkEditBody['selection']): Promise<number[]> | number[] {
    return 'ids' in selection ? selection.ids : idsMatching(selection.filter);
  }

  /** The chosen products' rows (locked for the apply), in id order so writers never deadlock. */
  async function rowsOf(executor: Executor, ids: readonly number[], lock: boolean) {
    const query = executor
      .select()
      .from(products)
      .where(sql`${products.id} = any(${sql.param(ids)}::integer[])`)
      .orderBy(asc(products.id));
    const rows = lock ? await query.for('update') : await query;
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** A category the change names must exist (400 on the field otherwise, as the product form). */
  async function checkCategory(executor: Executor, changes: BulkChanges): Promise<void> {
    if (changes.category_id === undefined) return;
    const [found] = await executor
      .select({ id: categories.id })
      .from(categories)
      .where(sql`${categories.id} = ${changes.category_id}`);
    if (!found) {
      throw AppError.validation([{ field: 'changes.category_id', message: 'product.category_not_found' }]);
    }
  }

  function plan(
    ids: readonly number[],
    rows: ReadonlyMap<number, ProductRow>,
    changes: BulkChanges,
  ): PlannedProduct[] {
    return ids.map((id) => {
      const row = rows.get(id);
      return { id, row, outcome: row ? planBulkChange(valuesOf(row), changes) : undefined };
    });
  }

  const refusalOf = (product: PlannedProduct) =>
    product.outcome ? product.outcome.refusal : ('bulk.product_gone' as const);

  function summarise(planned: readonly PlannedProduct[]) {
    let changed = 0;
    let refused = 0;
    for (const product of planned) {
      if (refusalOf(product) !== null) refused += 1;
      else if (product.outcome!.changed.length > 0) changed += 1;
    }
    return { selected: planned.length, changed, unchanged: planned.length - changed - refused, refused };
  }

  /** The names of the categories the preview shows (before and after), in the reader's language. */
  async function categoryNames(
    planned: readonly PlannedProduct[],
    lang: Language,
  ): Promise<Array<{ id: number; name: string }>> {
    const ids = new Set<number>();
    for (const product of planned) {
      if (!product.outcome?.changed.includes('category_id')) continue;
      const before = product.row?.category_id ?? null;
      if (before !== null) ids.add(before);
      if (product.outcome.after.category_id !== null) ids.add(product.outcome.after.category_id);
    }
    if (ids.size === 0) return [];
    const rows = await db
      .select({ id: categories.id, name: categories.name, name_en: categories.name_en })
      .from(categories)
      .where(sql`${categories.id} = any(${sql.param([...ids])}::integer[])`)
      .orderBy(asc(categories.id));
    return rows.map((row) => ({ id: row.id, name: inLanguage(lang, row.name, row.name_en) }));
  }

  function outcomeView(product: PlannedProduct, lang: Language): BulkProductOutcome {
    const refusal = refusalOf(product);
    const { row, outcome } = product;
    return {
      id: product.id,
      name: row ? inLanguage(lang, row.name, row.name_en) : `#${product.id}`,
      changes:
        row && outcome
          ? outcome.changed.map((field) => ({
              field,
              before: shown(field, valuesOf(row)[field]),
              after: shown(field, outcome.after[field]),
            }))
          : [],
      refused: refusal === null ? null : { code: refusal, message: apiMessage(refusal, lang) },
    };
  }

  /**
   * Writes every changed product in one statement (the arrays of their new values side by
   * side), then tells of each: ProductChanged, its activity entry (action `bulk_edit`, before and
   * after as the trail keeps a product) and its stock move to the ledger (reason `bulk_edit`).
   */
  async function write(tx: Executor, planned: readonly PlannedProduct[], actor: Actor): Promise<number> {
    const changed = planned.filter((product) => product.outcome && product.outcome.changed.length > 0);
    if (changed.length === 0) return 0;
    const column = <T>(pick: (after: BulkProductValues) => T) =>
      sql.param(changed.map((product) => pick(product.outcome!.after)));
    // The rows are locked (FOR UPDATE): each changed product is there to take its values. The
    // status travels as text[] (the drivers write arrays of known types only) and is cast back.
    await tx.execute(sql`
      update ${products} set
        price = new_values.price,
        sale_price = new_values.sale_price,
        stock_quantity = new_values.stock_quantity,
        status = new_values.status::product_status,
        category_id = new_values.category_id,
        featured = new_values.featured,
        updated_at = now()
      from unnest(
        ${sql.param(changed.map((product) => product.id))}::integer[],
        ${column((after) => after.price)}::integer[],
        ${column((after) => after.sale_price)}::integer[],
        ${column((after) => after.stock_quantity)}::integer[],
        ${column((after) => after.status)}::text[],
        ${column((after) => after.category_id)}::integer[],
        ${column((after) => after.featured)}::boolean[]
      ) as new_values(id, price, sale_price, stock_quantity, status, category_id, featured)
      where ${products.id} = new_values.id`);
    // Every changed product's events at once: their subscribers write a few multi-row inserts.
    const told: DomainEvent[] = [];
    for (const product of changed) {
      const before = product.row!;
      const after: ProductRow = { ...before, ...product.outcome!.after };
      told.push(
        { type: 'ProductChanged', productId: product.id, change: 'updated' },
        {
          type: 'ActivityRecorded',
          actor,
          entity: 'products',
          entityId: product.id,
          action: 'bulk_edit',
          before: auditFields(before),
          after: auditFields(after),
        },
      );
      const moved = stockSetEvent({
        actor,
        productId: product.id,
        from: before.stock_quantity,
        to: after.stock_quantity,
        reason: 'bulk_edit',
      });
      if (moved) told.push(moved);
    }
    await events.publishAll(tx, told);
    return changed.length;
  }

  return {
    /**
     * Previews (dry_run) or applies one change to the chosen products. The preview lists each
     * product with its changes or its refusal. Applying is all or nothing: when any product
     * would be refused (its rule, or gone since), 422 names them and nothing is written.
     */
    async bulkEdit(
      body: ProductsBulkEditBody,
      actor: Actor,
      lang: Language,
    ): Promise<ProductsBulkEditResponse> {
      const ids = await chosenIds(body.selection);
      if (body.dry_run) {
        await checkCategory(db, body.changes);
        const planned = plan(ids, await rowsOf(db, ids, false), body.changes);
        const summary = summarise(planned);
        return {
          success: true,
          dry_run: true,
          ids,
          products: planned.map((product) => outcomeView(product, lang)),
          categories: await categoryNames(planned, lang),
          summary,
          message: apiMessage('bulk.previewed', lang, { count: summary.changed }),
        };
      }
      const summary = await events.transaction(db, async (tx) => {
        await checkCategory(tx, body.changes);
        const planned = plan(ids, await rowsOf(tx, ids, true), body.changes);
        const refused = planned.filter((product) => refusalOf(product) !== null);
        if (refused.length > 0) {
          throw new AppError(
            'UNPROCESSABLE',
            'bulk.refused',
            refused.map((product) => ({ field: `products.${product.id}`, message: refusalOf(product)! })),
            { count: refused.length },
          );
        }
        const result = summarise(planned);
        await write(tx, planned, actor);
        return result;
      });
      return {
        success: true,
        dry_run: false,
        ids,
        products: [],
        categories: [],
        summary,
        message: apiMessage('bulk.applied', lang, { count: summary.changed }),
      };
    },
  };
}

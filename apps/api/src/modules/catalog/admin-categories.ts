import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  sortCategories,
  type AdminCategoryCreate,
  type AdminCategoryUpdate,
  type Category,
  withSeoTexts,
} from '@shop/shared';
import { queryRows, type Database, type Executor } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { FileStorage } from '../../lib/file-storage/index.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { imageWrites } from '../media/index.js';
import { buildTree, presentCategory, type CategoryRow, type CategoryTree } from './presenters.js';

/**
 * The back office's categories: the staff listing (every category, with what a delete would
 * touch) and the writes. Every write runs in one transaction with its audit entry; new pictures
 * are stored before it and removed if it fails; replaced or removed pictures lose their files
 * after it commits; then the catalogue's cached copies are told.
 */

type CategoryRecord = typeof categories.$inferSelect;

export interface AdminCategoriesDependencies {
  /** Where each write tells of itself (CategoryChanged, ActivityRecorded), inside its transaction. */
  events: DomainEvents;
  /** Where the category pictures are stored. */
  files: FileStorage;
  /** Told when a file that is no longer used could not be removed (the write itself succeeded). */
  onCleanupError?: (error: unknown) => void;
}

/** What a delete moved: the category's products (now uncategorised) and its subcategories (moved up). */
export interface CategoryDeleteResult {
  products_moved: number;
  children_moved: number;
}

/** Longest generated slug before a "-2" style suffix. */
const SLUG_BASE_MAX = 100;
/** A write that lost a race for a generated slug is tried again this many times. */
const SLUG_ATTEMPTS = 5;
/** Transaction-level lock key taken by writes that change the tree's shape (parent links). */
const TREE_LOCK_KEY = 7_310_442;

const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
const ARABIC_LETTER = /[\u0621-\u063a\u0641-\u064a\u0671-\u06d3]/;
const SEPARATOR = /[\s\-_\u2010-\u2015\u060c./\\|+]/;

/**
 * A readable URL slug for a name, like the demo store's (`baltic-amber`): Latin letters
 * lower-cased and stripped of accents, Arabic letters kept without diacritics or tatweel,
 * digits kept (Arabic-Indic ones as ASCII), spaces and other separators as single hyphens,
 * every other character dropped. Empty when nothing usable is left.
 */
export function slugify(text: string): string {
  const words: string[] = [];
  let word = '';
  const flush = () => {
    if (word) words.push(word);
    word = '';
  };
  for (const character of text.normalize('NFKC').replace(ARABIC_MARKS, '')) {
    if (ARABIC_LETTER.test(character)) {
      word += character;
      continue;
    }
    const code = character.charCodeAt(0);
    if ((code >= 0x0660 && code <= 0x0669) || (code >= 0x06f0 && code <= 0x06f9)) {
      word += String(code & 0xf);
      continue;
    }
    const latin = character.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (/^[a-z0-9]+$/.test(latin)) word += latin;
    else if (SEPARATOR.test(character)) flush();
    // Anything else (apostrophes, punctuation, symbols, other scripts) is dropped in place.
  }
  flush();
  let slug = words.join('-');
  if (slug.length > SLUG_BASE_MAX) {
    slug = slug.slice(0, SLUG_BASE_MAX);
    const cut = slug.lastIndexOf('-');
    if (cut > SLUG_BASE_MAX / 2) slug = slug.slice(0, cut);
    slug = slug.replace(/-+$/, '');
  }
  return slug;
}

/** The first of base, base-2, base-3, … that no category uses. */
async function freeSlug(executor: Executor, base: string): Promise<string> {
  const taken = new Set(
    (
      await executor
        .select({ slug: categories.slug })
        .from(categories)
        .where(sql`${categories.slug} = ${base} or ${categories.slug} like ${`${base}-%`}`)
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Whether a database error (possibly wrapped by drizzle) is a violation of this constraint code. */
function violation(error: unknown, code: '23505' | '23503', constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === code) {
      return constraint === undefined || candidate.constraint === constraint;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const slugTaken = () => AppError.validation([{ field: 'slug', message: 'categories.slug_taken' }]);
const parentProblem = (message: string) => AppError.validation([{ field: 'parent_id', message }]);

/** Staff rows: every category, or one, with products of every status directly in it and its direct subcategories. */
function staffRowsQuery(where: SQL | undefined): SQL {
  return sql`select c.id, c.name, c.name_en, c.slug, c.description, c.description_en, c.image,
      c.parent_id, c.sort_order, c.is_active,
      c.seo_title_ar, c.seo_title_en, c.seo_description_ar, c.seo_description_en,
      (select count(*) from ${products} p where p.category_id = c.id) as product_count,
      (select count(*) from ${categories} child where child.parent_id = c.id) as children_count,
      to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from ${categories} c
    ${where ? sql`where ${where}` : sql``}
    order by c.id`;
}

export function createAdminCategoriesService(db: Database, deps: AdminCategoriesDependencies) {
  const { events, files } = deps;

  async function loadStaffCategories(): Promise<Category[]> {
    const rows = await queryRows<CategoryRow>(db, staffRowsQuery(undefined));
    return sortCategories(rows.map(presentCategory), 'sort_order', 'asc');
  }

  async function staffCategory(executor: Executor, id: number): Promise<Category> {
    const [row] = await queryRows<CategoryRow>(executor, staffRowsQuery(sql`c.id = ${id}`));
    if (!row) throw AppError.notFound('error.category_not_found');
    return presentCategory(row);
  }

  const { discard, withNewImage } = imageWrites('categories', files, deps.onCleanupError);

  /** Runs a write again when it lost the race for a generated slug to another write. */
  async function retryingSlug<T>(write: () => Promise<T>, slugChosen: boolean): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await write();
      } catch (error) {
        if (!violation(error, '23505', 'categories_slug_key')) throw error;
        if (slugChosen) throw slugTaken();
        if (attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  async function lockTree(tx: Executor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_KEY})`);
  }

  async function requireParent(tx: Executor, parentId: number): Promise<void> {
    const [parent] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, parentId))
      .for('share');
    if (!parent) throw parentProblem('categories.parent_not_found');
  }

  /** The next sort order among the children of `parentId` (main categories for null), `exclude` aside. */
  async function nextSortOrder(
    tx: Executor,
    parentId: number | null,
    exclude?: number,
  ): Promise<number> {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${categories.sort_order}), 0) + 1`.mapWith(Number) })
      .from(categories)
      .where(
        and(
          parentId === null ? isNull(categories.parent_id) : eq(categories.parent_id, parentId),
          exclude === undefined ? undefined : ne(categories.id, exclude),
        ),
      );
    return row?.next ?? 1;
  }

  async function chosenSlugFree(tx: Executor, slug: string, exclude?: number): Promise<void> {
    const [other] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.slug, slug), exclude === undefined ? undefined : ne(categories.id, exclude)));
    if (other) throw slugTaken();
  }

  /** The parent went away between the check and the write (another admin deleted it). */
  function mapParentGone(error: unknown): never {
    if (violation(error, '23503', 'categories_parent_id_categories_id_fk')) {
      throw parentProblem('categories.parent_not_found');
    }
    throw error;
  }

  return {
    /** Every category, active or not, as a tree and a flat list, with staff counts. */
    async listForStaff(): Promise<CategoryTree> {
      const flat = await loadStaffCategories();
      return { categories: buildTree(flat), flat_categories: flat };
    },

    /** Any category (inactive ones too) with all its subcategories and staff counts, or NOT_FOUND. */
    async getForStaff(id: number): Promise<Category> {
      const flat = await loadStaffCategories();
      if (!flat.some((category) => category.id === id)) {
        throw AppError.notFound('error.category_not_found');
      }
      const stack = buildTree(flat);
      while (stack.length > 0) {
        const node = stack.pop()!;
        if (node.id === id) return node;
        stack.push(...(node.children ?? []));
      }
      // Only a parent loop (which the writes prevent) keeps a category out of the tree.
      return flat.find((category) => category.id === id)!;
    },

    async create(actor: Actor, input: AdminCategoryCreate, image?: Buffer): Promise<Category> {
      const created = await withNewImage(image, (filename) =>
        retryingSlug(
          () =>
            events
              .transaction(db, async (tx) => {
                if (input.parent_id !== null) await requireParent(tx, input.parent_id);
                if (input.slug) await chosenSlugFree(tx, input.slug);
                const slug =
                  input.slug ??
                  (await freeSlug(tx, slugify(input.name_en ?? '') || slugify(input.name) || 'category'));
                const sortOrder = input.sort_order ?? (await nextSortOrder(tx, input.parent_id));
                const [row] = await tx
                  .insert(categories)
                  .values({
                    name: input.name,
                    name_en: input.name_en,
                    description: input.description,
                    description_en: input.description_en,
                    parent_id: input.parent_id,
                    sort_order: sortOrder,
                    is_active: input.is_active,
                    slug,
                    image: filename,
                    seo_title_ar: input.seo_title_ar ?? null,
                    seo_title_en: input.seo_title_en ?? null,
                    seo_description_ar: input.seo_description_ar ?? null,
                    seo_description_en: input.seo_description_en ?? null,
                  })
                  .returning();
                await events.publish(tx, {
                  type: 'CategoryChanged',
                  categoryId: row!.id,
                  change: 'created',
                  pathChanges: false,
                });
                await events.publish(tx, {
                  type: 'ActivityRecorded',
                  actor,
                  entity: 'categories',
                  entityId: row!.id,
                  action: 'create',
                  after: row,
                });
                return staffCategory(tx, row!.id);
              })
              .catch(mapParentGone),
          input.slug !== undefined,
        ),
      );
      return created;
    },

    async update(
      actor: Actor,
      id: number,
      input: AdminCategoryUpdate,
      image?: Buffer,
    ): Promise<Category> {
      const { category, replaced } = await withNewImage(image, (filename) =>
        retryingSlug(
          () =>
            events
              .transaction(db, async (tx) => {
                // Two moves checked at once could each pass and together make a loop. The tree
                // lock comes before any row lock, in every write that takes it.
                if (input.parent_id !== undefined) await lockTree(tx);
                const [before] = await tx
                  .select()
                  .from(categories)
                  .where(eq(categories.id, id))
                  .for('update');
                if (!before) throw AppError.notFound('error.category_not_found');

                const parentId = input.parent_id === undefined ? before.parent_id : input.parent_id;
                if (input.parent_id !== undefined && parentId !== before.parent_id && parentId !== null) {
                  if (parentId === id) throw parentProblem('categories.parent_self');
                  await requireParent(tx, parentId);
                  const [loop] = await queryRows<{ id: number }>(
                    tx,
                    sql`with recursive above(id, parent_id) as (
                          select id, parent_id from ${categories} where id = ${parentId}
                          union
                          select c.id, c.parent_id from ${categories} c join above on c.id = above.parent_id
                        )
                        select id from above where id = ${id} limit 1`,
                  );
                  if (loop) throw parentProblem('categories.parent_descendant');
                }

                if (input.slug !== undefined && input.slug !== before.slug) {
                  await chosenSlugFree(tx, input.slug, id);
                }
                const sortOrder =
                  input.sort_order === undefined
                    ? before.sort_order
                    : (input.sort_order ?? (await nextSortOrder(tx, parentId, id)));
                let nextImage = before.image;
                if (filename) nextImage = filename;
                else if (input.remove_image) nextImage = null;

                const values: Partial<CategoryRecord> = {
                  name: input.name ?? before.name,
                  name_en: input.name_en === undefined ? before.name_en : input.name_en,
                  description: input.description === undefined ? before.description : input.description,
                  description_en:
                    input.description_en === undefined ? before.description_en : input.description_en,
                  parent_id: parentId,
                  sort_order: sortOrder,
                  is_active: input.is_active ?? before.is_active,
                  slug: input.slug ?? before.slug,
                  image: nextImage,
                  ...withSeoTexts(before, input),
                  updated_at: new Date(),
                };
                await events.publish(tx, {
                  type: 'CategoryChanged',
                  categoryId: id,
                  change: 'updated',
                  pathChanges:
                    values.name !== before.name ||
                    values.name_en !== before.name_en ||
                    values.parent_id !== before.parent_id,
                });
                const [after] = await tx
                  .update(categories)
                  .set(values)
                  .where(eq(categories.id, id))
                  .returning();
                await events.publish(tx, {
                  type: 'ActivityRecorded',
                  actor,
                  entity: 'categories',
                  entityId: id,
                  action: 'update',
                  before,
                  after,
                });
                return {
                  category: await staffCategory(tx, id),
                  replaced: before.image !== nextImage ? before.image : null,
                };
              })
              .catch(mapParentGone),
          input.slug !== undefined,
        ),
      );
      await discard(replaced);
      return category;
    },

    /**
     * Deletes a category without losing anything below it: its products become uncategorised
     * and its subcategories move up to its parent (main categories when it was one).
     */
    async remove(actor: Actor, id: number): Promise<CategoryDeleteResult> {
      const { result, image } = await events.transaction(db, async (tx) => {
        // The tree lock first (no parent link changes meanwhile), then the rows below the
        // category, then the category itself: the order product writes lock them in too.
        await lockTree(tx);
        const [found] = await tx
          .select({ parent_id: categories.parent_id })
          .from(categories)
          .where(eq(categories.id, id));
        if (!found) throw AppError.notFound('error.category_not_found');
        // Every product below it gets a shorter category path (while the tree still shows which).
        await events.publish(tx, { type: 'CategoryChanged', categoryId: id, change: 'deleted', pathChanges: true });
        const moved = await tx
          .update(products)
          .set({ category_id: null, updated_at: new Date() })
          .where(eq(products.category_id, id))
          .returning({ id: products.id });
        const children = await tx
          .update(categories)
          .set({ parent_id: found.parent_id, updated_at: new Date() })
          .where(eq(categories.parent_id, id))
          .returning({ id: categories.id });
        for (const child of children) {
          await events.publish(tx, {
            type: 'ActivityRecorded',
            actor,
            entity: 'categories',
            entityId: child.id,
            action: 'update',
            before: { parent_id: id },
            after: { parent_id: found.parent_id },
          });
        }
        const [before] = await tx.delete(categories).where(eq(categories.id, id)).returning();
        if (!before) throw AppError.notFound('error.category_not_found');
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'categories',
          entityId: id,
          action: 'delete',
          // What was in it, so the trail says where each product and subcategory came from.
          before: {
            ...before,
            product_ids: moved.map((row) => row.id),
            child_category_ids: children.map((row) => row.id),
          },
        });
        return {
          result: { products_moved: moved.length, children_moved: children.length },
          image: before.image,
        };
      });
      await discard(image);
      return result;
    },
  };
}

export type AdminCategoriesService = ReturnType<typeof createAdminCategoriesService>;

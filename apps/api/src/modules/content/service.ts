import { asc, eq } from 'drizzle-orm';
import { uploadUrl, type AdminSlideCreate, type AdminSlideUpdate, type Slide } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { slides } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { countSharedRead } from '../../lib/metrics.js';
import { SHARED_SAME_READS, sharedReadsByKey } from '../../lib/shared-runs.js';
import type { FileStorage } from '../../lib/file-storage/index.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { imageWrites } from '../media/index.js';

type SlideRow = typeof slides.$inferSelect;

export function presentSlide(row: SlideRow): Slide {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    title_en: row.title_en,
    description_en: row.description_en,
    image: uploadUrl('slider', row.image),
    link_url: row.link_url,
    sort_order: row.sort_order,
    is_active: row.is_active,
  };
}

export interface ContentDependencies {
  /** Where each write tells of itself (SlidesChanged, ActivityRecorded), inside its transaction. */
  events: DomainEvents;
  /** Where the slide pictures are stored. */
  files: FileStorage;
  /** Told when a file that is no longer used could not be removed (the write itself succeeded). */
  onCleanupError?: (error: unknown) => void;
}

const slideNotFound = () => AppError.notFound('slider.not_found');

/**
 * The home-page slider: the storefront's active slides and the back office's writes. Every write
 * runs in one transaction with its audit entry; a new picture is stored before it and removed if
 * it fails; a replaced or deleted picture loses its files after it commits.
 */
export function createContentService(db: Database, deps: ContentDependencies) {
  const { events, files } = deps;
  const displayOrder = [asc(slides.sort_order), asc(slides.id)];

  const { discard, withNewImage } = imageWrites('slider', files, deps.onCleanupError);
  // The home page reads it on every rendering: parsed and planned once per connection.
  const activeSlides = db
    .select()
    .from(slides)
    .where(eq(slides.is_active, true))
    .orderBy(...displayOrder)
    .prepare('content_active_slides');
  // The renderings that ask for it together share one read.
  const sharedRead = sharedReadsByKey({
    ...SHARED_SAME_READS,
    onRun: (callers) => countSharedRead('content_active_slides', callers),
  });

  return {
    /** Active home-page slides in display order. */
    async listActiveSlides(): Promise<Slide[]> {
      return (await sharedRead('active', () => activeSlides.execute())).map(presentSlide);
    },

    /** Every slide, active or not, in display order (the back office's list). */
    async listAllSlides(): Promise<Slide[]> {
      const rows = await db.select().from(slides).orderBy(...displayOrder);
      return rows.map(presentSlide);
    },

    /** Creates a slide; its picture is required (VALIDATION_ERROR on `image` without one). */
    async createSlide(actor: Actor, input: AdminSlideCreate, image: Buffer | undefined): Promise<Slide> {
      if (!image) throw AppError.validation([{ field: 'image', message: 'slider.image_required' }]);
      const row = await withNewImage(image, (filename) =>
        events.transaction(db, async (tx) => {
          const [created] = await tx
            .insert(slides)
            .values({ ...input, image: filename! })
            .returning();
          await events.publish(tx, { type: 'SlidesChanged' });
          await events.publish(tx, {
            type: 'ActivityRecorded',
            actor,
            entity: 'slides',
            entityId: created!.id,
            action: 'create',
            after: created,
          });
          return created!;
        }),
      );
      return presentSlide(row);
    },

    /** Changes the fields sent; a new picture replaces the stored one, whose files are removed. */
    async updateSlide(
      actor: Actor,
      id: number,
      input: AdminSlideUpdate,
      image: Buffer | undefined,
    ): Promise<Slide> {
      const { row, replaced } = await withNewImage(image, (filename) =>
        events.transaction(db, async (tx) => {
          const [before] = await tx.select().from(slides).where(eq(slides.id, id)).for('update');
          if (!before) throw slideNotFound();
          const changed = Object.fromEntries(
            Object.entries(input).filter(([, value]) => value !== undefined),
          ) as Partial<SlideRow>;
          const [after] = await tx
            .update(slides)
            .set({ ...changed, image: filename ?? before.image, updated_at: new Date() })
            .where(eq(slides.id, id))
            .returning();
          await events.publish(tx, { type: 'SlidesChanged' });
          await events.publish(tx, {
            type: 'ActivityRecorded',
            actor,
            entity: 'slides',
            entityId: id,
            action: 'update',
            before,
            after,
          });
          return { row: after!, replaced: filename ? before.image : null };
        }),
      );
      await discard(replaced);
      return presentSlide(row);
    },

    /** Deletes a slide and its picture's files. */
    async deleteSlide(actor: Actor, id: number): Promise<void> {
      const before = await events.transaction(db, async (tx) => {
        const [deleted] = await tx.delete(slides).where(eq(slides.id, id)).returning();
        if (!deleted) throw slideNotFound();
        await events.publish(tx, { type: 'SlidesChanged' });
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'slides',
          entityId: id,
          action: 'delete',
          before: deleted,
        });
        return deleted;
      });
      await discard(before.image);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

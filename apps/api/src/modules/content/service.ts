import { asc, eq } from 'drizzle-orm';
import { uploadUrl, type Slide } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { slides } from '../../db/schema/index.js';

type SlideRow = typeof slides.$inferSelect;

export function presentSlide(row: SlideRow): Slide {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: uploadUrl('slider', row.image),
    link_url: row.link_url,
    sort_order: row.sort_order,
    is_active: row.is_active,
  };
}

export function createContentService(db: Database) {
  return {
    /** Active home-page slides in display order. */
    async listActiveSlides(): Promise<Slide[]> {
      const rows = await db
        .select()
        .from(slides)
        .where(eq(slides.is_active, true))
        .orderBy(asc(slides.sort_order), asc(slides.id));
      return rows.map(presentSlide);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

import { eq } from 'drizzle-orm';
import {
  CONTENT_PAGE_SLUGS,
  isContentPageSlug,
  type AdminContentPage,
  type AdminPageUpdate,
  type AdminStorefrontLayout,
  type AdminStorefrontLayoutUpdate,
  type ContentPage,
  type ContentPageSlug,
  type Language,
  type StorefrontLayout,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import { contentPages, storefrontLayout } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { DEFAULT_LAYOUT, DEFAULT_PAGES } from './page-defaults.js';
import { hasVisibleText, sanitizePageHtml } from './page-html.js';

type PageRow = typeof contentPages.$inferSelect;
type LayoutRow = typeof storefrontLayout.$inferSelect;

/** Everything the storefront shows of the editable content, read together and kept together. */
interface StoredContent {
  pages: ReadonlyMap<ContentPageSlug, AdminContentPage>;
  layout: AdminStorefrontLayout;
}

export interface PagesDependencies {
  /** Where each save tells of itself (PagesChanged, ActivityRecorded), inside its transaction. */
  events: DomainEvents;
  /** How long the storefront's copy may be reused from memory; 0 reads it every time. */
  cacheTtlMs: number;
}

/** The shop's own layout as a row would hold it (what a first save replaces, for the activity trail). */
const defaultLayoutRow = {
  footer_links: DEFAULT_LAYOUT.footer_links,
  home_sections: DEFAULT_LAYOUT.home_sections,
  hero_kicker_ar: DEFAULT_LAYOUT.hero.kicker_ar,
  hero_kicker_en: DEFAULT_LAYOUT.hero.kicker_en,
  hero_text_ar: DEFAULT_LAYOUT.hero.text_ar,
  hero_text_en: DEFAULT_LAYOUT.hero.text_en,
};

const pageNotFound = () => AppError.notFound('pages.not_found');

function presentPage(slug: ContentPageSlug, row: PageRow | undefined): AdminContentPage {
  if (!row) return { slug, ...DEFAULT_PAGES[slug], updated_at: null };
  return {
    slug,
    title_ar: row.title_ar,
    title_en: row.title_en,
    body_ar: row.body_ar,
    body_en: row.body_en,
    updated_at: row.updated_at.toISOString(),
  };
}

function presentLayout(row: LayoutRow | undefined): AdminStorefrontLayout {
  if (!row) return { ...DEFAULT_LAYOUT, updated_at: null };
  return {
    footer_links: row.footer_links,
    home_sections: row.home_sections,
    hero: {
      kicker_ar: row.hero_kicker_ar,
      kicker_en: row.hero_kicker_en,
      text_ar: row.hero_text_ar,
      text_en: row.hero_text_en,
    },
    updated_at: row.updated_at.toISOString(),
  };
}

/** A page in one language, as the storefront shows it. */
export function pageIn(page: AdminContentPage, lang: Language): ContentPage {
  return {
    slug: page.slug,
    title: lang === 'en' ? page.title_en : page.title_ar,
    body: lang === 'en' ? page.body_en : page.body_ar,
    updated_at: page.updated_at,
  };
}

/** The layout in one language, as the storefront shows it. */
export function layoutIn(layout: AdminStorefrontLayout, lang: Language): StorefrontLayout {
  const english = lang === 'en';
  return {
    footer_links: layout.footer_links.map((link) => ({ label: english ? link.label_en : link.label_ar, href: link.href })),
    home_sections: layout.home_sections,
    hero: {
      kicker: english ? layout.hero.kicker_en : layout.hero.kicker_ar,
      text: english ? layout.hero.text_en : layout.hero.text_ar,
    },
  };
}

/**
 * The storefront's editable content (docs/decisions/058): the policy pages, the footer's links
 * and the home page's sections. What was never saved is the shop's own content (page-defaults).
 * Every body is sanitised before it is stored; each save is one transaction with its activity
 * entry and PagesChanged, which drops every process's copy (subscribePages) and the page cache.
 */
export function createPagesService(db: Database, deps: PagesDependencies) {
  const { events } = deps;
  const cache = createTtlCache<StoredContent>({ name: 'storefront_content', ttlMs: deps.cacheTtlMs, maxEntries: 1 });

  async function readContent(): Promise<StoredContent> {
    const [pageRows, layoutRows] = await Promise.all([
      db.select().from(contentPages),
      db.select().from(storefrontLayout).where(eq(storefrontLayout.id, 1)),
    ]);
    const pages = new Map(
      CONTENT_PAGE_SLUGS.map((slug) => [slug, presentPage(slug, pageRows.find((row) => row.slug === slug))] as const),
    );
    return { pages, layout: presentLayout(layoutRows[0]) };
  }

  const content = () => (deps.cacheTtlMs > 0 ? cache.get('content', readContent) : readContent());

  /** A body as stored: sanitised, refused when no text would be left. */
  function storedBody(field: 'body_ar' | 'body_en', html: string): string {
    const body = sanitizePageHtml(html);
    if (!hasVisibleText(body)) throw AppError.validation([{ field, message: 'pages.body_empty' }]);
    return body;
  }

  return {
    /** A policy page in one language (NOT_FOUND for a slug that is not one of them). */
    async getPage(slug: string, lang: Language): Promise<ContentPage> {
      if (!isContentPageSlug(slug)) throw pageNotFound();
      return pageIn((await content()).pages.get(slug)!, lang);
    },

    /** The footer's links, the home page's sections and the hero's texts in one language. */
    async getLayout(lang: Language): Promise<StorefrontLayout> {
      return layoutIn((await content()).layout, lang);
    },

    /** Every page in both languages, as stored now (the back office's editor). */
    async listPages(): Promise<AdminContentPage[]> {
      const { pages } = await readContent();
      return CONTENT_PAGE_SLUGS.map((slug) => pages.get(slug)!);
    },

    /** The layout in both languages, as stored now. */
    async getAdminLayout(): Promise<AdminStorefrontLayout> {
      return (await readContent()).layout;
    },

    /** Replaces a page's titles and bodies; the bodies are sanitised first. */
    async savePage(actor: Actor, slug: string, input: AdminPageUpdate): Promise<AdminContentPage> {
      if (!isContentPageSlug(slug)) throw pageNotFound();
      const values = {
        title_ar: input.title_ar,
        title_en: input.title_en,
        body_ar: storedBody('body_ar', input.body_ar),
        body_en: storedBody('body_en', input.body_en),
        updated_at: new Date(),
        updated_by: actor.id,
      };
      const row = await events.transaction(db, async (tx) => {
        const [before] = await tx.select().from(contentPages).where(eq(contentPages.slug, slug)).for('update');
        const [saved] = await tx
          .insert(contentPages)
          .values({ slug, ...values })
          .onConflictDoUpdate({ target: contentPages.slug, set: values })
          .returning();
        await events.publish(tx, { type: 'PagesChanged' });
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'content_pages',
          entityId: null,
          // A page never saved was the shop's own text: the entry shows what replaced it.
          action: 'update',
          before: before ?? { slug, ...DEFAULT_PAGES[slug] },
          after: saved,
        });
        return saved!;
      });
      return presentPage(slug, row);
    },

    /** Replaces the footer's links, the home page's sections and the hero's texts. */
    async saveLayout(actor: Actor, input: AdminStorefrontLayoutUpdate): Promise<AdminStorefrontLayout> {
      const values = {
        footer_links: input.footer_links,
        home_sections: input.home_sections,
        hero_kicker_ar: input.hero.kicker_ar,
        hero_kicker_en: input.hero.kicker_en,
        hero_text_ar: input.hero.text_ar,
        hero_text_en: input.hero.text_en,
        updated_at: new Date(),
        updated_by: actor.id,
      };
      const row = await events.transaction(db, async (tx) => {
        const [before] = await tx.select().from(storefrontLayout).where(eq(storefrontLayout.id, 1)).for('update');
        const [saved] = await tx
          .insert(storefrontLayout)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: storefrontLayout.id, set: values })
          .returning();
        await events.publish(tx, { type: 'PagesChanged' });
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'storefront_layout',
          entityId: null,
          action: 'update',
          before: before ?? defaultLayoutRow,
          after: saved,
        });
        return saved!;
      });
      return presentLayout(row);
    },

    /** Forgets the storefront's copy (another process saved). */
    invalidate(): void {
      cache.clear();
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;

/**
 * The storefront's editable content (docs/decisions/058): the three policy pages, the footer's
 * links and the home page's sections. Constants and types only (no zod), so the storefront's
 * shell can use them without the contracts.
 */

/** The pages the back office edits, by their address on the shop (`/privacy`, …). */
export const CONTENT_PAGE_SLUGS = ['privacy', 'terms', 'return-policy'] as const;
export type ContentPageSlug = (typeof CONTENT_PAGE_SLUGS)[number];

export function isContentPageSlug(value: string): value is ContentPageSlug {
  return (CONTENT_PAGE_SLUGS as readonly string[]).includes(value);
}

/** The home page's blocks under the hero, which the owner orders and shows or hides. */
export const HOME_SECTION_KEYS = ['slider', 'categories', 'featured', 'latest', 'signup'] as const;
export type HomeSectionKey = (typeof HOME_SECTION_KEYS)[number];

/** The tags a page's body keeps (the server's sanitiser drops every other one, keeping its text). */
export const PAGE_BODY_TAGS = ['h2', 'h3', 'p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'] as const;

/** Where a page's text says the store's name; the storefront puts the name in its place. */
export const STORE_NAME_PLACEHOLDER = '{store}';

export const PAGE_TITLE_MAX = 120;
/** A body's HTML as sent, in characters (the three pages of today are about 6,000 each). */
export const PAGE_BODY_MAX = 100_000;
export const FOOTER_LINKS_MAX = 12;
export const FOOTER_LABEL_MAX = 60;
export const FOOTER_HREF_MAX = 500;
export const HERO_KICKER_MAX = 120;
export const HERO_TEXT_MAX = 500;

/** A page as the storefront shows it, in one language: the body is sanitised HTML. */
export interface ContentPage {
  slug: ContentPageSlug;
  title: string;
  body: string;
  /** When the owner last saved it; null: the shop's own text, never edited. */
  updated_at: string | null;
}

export interface FooterLink {
  label: string;
  /** A path of this shop ("/track") or an http(s) address. */
  href: string;
}

export interface HomeSection {
  key: HomeSectionKey;
  visible: boolean;
}

/** The footer's links, the home page's sections and the hero's texts, in one language. */
export interface StorefrontLayout {
  footer_links: FooterLink[];
  home_sections: HomeSection[];
  hero: {
    kicker: string;
    /** null: the store's description from the settings. */
    text: string | null;
  };
}

/** A body's first paragraph as plain text (a page's meta description), at most `max` characters. */
export function firstParagraphText(html: string, max = 160): string {
  const match = /<p>([\s\S]*?)<\/p>/.exec(html);
  const text = (match?.[1] ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

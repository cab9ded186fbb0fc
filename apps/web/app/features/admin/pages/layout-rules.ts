import type { AdminStorefrontLayout } from '@shop/shared';
import { ApiError } from '../../../lib/api';
import type { LayoutForm } from './pages-api';

/** The layout as the form edits it: hero texts as typed (empty, not null). */
export function layoutFormOf(layout: AdminStorefrontLayout): LayoutForm {
  return {
    footer_links: layout.footer_links.map((link) => ({ ...link })),
    home_sections: layout.home_sections.map((section) => ({ ...section })),
    hero: { ...layout.hero, text_ar: layout.hero.text_ar ?? '', text_en: layout.hero.text_en ?? '' },
  };
}

/** Whether two forms hold the same layout. */
export function sameLayout(a: LayoutForm, b: LayoutForm): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * A refused save's messages by the field path the server names ("footer_links.2.href",
 * "hero.kicker_en", "home_sections"); null when the refusal named no field.
 */
export function layoutFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.details.length === 0) return null;
  const errors: Record<string, string> = {};
  for (const detail of error.details) errors[detail.field] ??= detail.message;
  return errors;
}

/** The errors once the list's items moved or one was removed: messages by position no longer fit. */
export function withoutLinkErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !field.startsWith('footer_links.')));
}

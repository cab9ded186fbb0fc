import { STORE_NAME_PLACEHOLDER } from '@shop/shared';

/**
 * A page's stored body (sanitised HTML, docs/decisions/058) made ready to show: the store's name
 * in place of `{store}` (escaped, so a name never becomes markup) and the first paragraph apart,
 * shown as the page's introduction before anything the page adds under it.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** A plain text (a title) with the store's name in place of `{store}`. */
export function withStoreName(text: string, store: string): string {
  return text.split(STORE_NAME_PLACEHOLDER).join(store);
}

/** Sanitised HTML with the store's name, escaped, in place of `{store}`. */
export function htmlWithStoreName(html: string, store: string): string {
  return html.split(STORE_NAME_PLACEHOLDER).join(escapeHtml(store));
}

/** The body's opening paragraph (its introduction) and the rest; no intro when it opens otherwise. */
export function splitIntro(html: string): { intro: string | null; rest: string } {
  const match = /^\s*<p>([\s\S]*?)<\/p>/.exec(html);
  if (!match) return { intro: null, rest: html };
  return { intro: match[1]!, rest: html.slice(match[0].length).trim() };
}

import sanitizeHtml from 'sanitize-html';
import { isSameSitePath, isWebAddress, PAGE_BODY_TAGS } from '@shop/shared';

/**
 * The one rule for a page's body (docs/decisions/058): sanitize-html keeps only the editor's
 * tags (PAGE_BODY_TAGS) and, of attributes, a link's href: a path of this shop, an http(s)
 * address or a mailto:. Any other tag goes but its text stays (a <div> or <span> of a pasted
 * text), except those whose content is code or a frame (script, style, iframe, svg, …), which go
 * whole. An external link opens with rel="noopener noreferrer"; bold and italic written as <b>
 * and <i> (what browsers' editing produces) become <strong> and <em>.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...PAGE_BODY_TAGS],
  allowedAttributes: { a: ['href', 'rel'] },
  // Links are checked by the shop's own rule below; this only keeps sanitize-html's scheme check.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title', 'head'],
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    div: 'p',
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      // A link to nowhere safe is only its text (a <span>, which is not kept).
      if (href === null) return { tagName: 'span', attribs: {} };
      const kept: sanitizeHtml.Attributes = isWebAddress(href) ? { href, rel: 'noopener noreferrer' } : { href };
      return { tagName, attribs: kept };
    },
  },
};

/** The address a stored link may keep: a path of this shop, an http(s) address or an e-mail. */
function safeHref(value: string | undefined): string | null {
  if (!value) return null;
  const href = value.trim();
  if (isSameSitePath(href) || isWebAddress(href)) return href;
  if (/^mailto:[^\s<>"'\\]+@[^\s<>"'\\]+$/i.test(href)) return href;
  return null;
}

/** A body as the shop stores and shows it. */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
    .replace(/<p>(\s|&nbsp;|<br \/>)*<\/p>/g, '')
    .trim();
}

/** Whether a sanitised body shows any text at all. */
export function hasVisibleText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}

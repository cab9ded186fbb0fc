import { directionOf, storeName, type Language, type StoreSettings } from '@shop/shared';
import { emailLogoUrl } from './email-assets.js';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** What an e-mail shows of the shop: its name in the reader's language and its logo. */
export type EmailBranding = Pick<StoreSettings, 'store_name' | 'store_name_en' | 'logo'>;

export interface EmailLayoutInput {
  lang: Language;
  settings: EmailBranding;
  /** The shop's public base URL without a trailing slash (config.publicUrl). */
  publicUrl: string;
  /** The document title (usually the subject). */
  title: string;
  /** The message's own HTML, already escaped, placed between the header and the closing. */
  content: string;
}

const closings: Record<Language, string> = {
  ar: 'مع تحيات فريق',
  en: 'Best regards, the team of',
};

/** The closing line of every e-mail, for the plain-text body. */
export function emailClosing(lang: Language, storeName: string): string {
  return `${closings[lang]} ${storeName}`;
}

/** Inline styles that depend on the writing direction. */
export function directionStyles(lang: Language) {
  const dir = directionOf(lang);
  return { dir, start: dir === 'rtl' ? 'right' : 'left', end: dir === 'rtl' ? 'left' : 'right' } as const;
}

/** A styled call-to-action link. */
export function emailButton(href: string, label: string): string {
  return `<p style="text-align:center;margin:24px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;background:#065f46;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a></p>`;
}

/**
 * The HTML frame every customer e-mail shares: direction and language of the reader, the store's
 * logo (when set, as the PNG any mail client can load) and name in the reader's language on top,
 * the team's closing at the bottom.
 */
export function renderEmailLayout({ lang, settings, publicUrl, title, content }: EmailLayoutInput): string {
  const { dir, start } = directionStyles(lang);
  const store = storeName(lang, settings);
  const logoUrl = emailLogoUrl(publicUrl, settings.logo);
  const logo = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(store)}" style="max-height:64px;max-width:200px;display:block;margin:0 auto 8px;">`
    : '';
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body dir="${dir}" style="margin:0;padding:0;background:#f6f5f2;font-family:Tahoma,Arial,sans-serif;color:#1f2937;">
<div dir="${dir}" style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;text-align:${start};">
<div style="text-align:center;margin-bottom:16px;">${logo}<div style="font-size:20px;font-weight:bold;">${escapeHtml(store)}</div></div>
${content}
<p style="margin:0;color:#6b7280;font-size:13px;">${escapeHtml(emailClosing(lang, store))}</p>
</div>
</body>
</html>`;
}

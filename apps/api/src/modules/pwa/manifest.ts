import {
  BRAND_BACKGROUND_COLOR,
  BRAND_THEME_COLOR,
  directionOf,
  inLanguage,
  pathInLanguage,
  type Language,
  type StoreSettings,
} from '@shop/shared';
import { z } from 'zod';
import { APP_ICONS, appIconUrl } from './app-icons.js';

export const webManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string().optional(),
  lang: z.string(),
  dir: z.enum(['rtl', 'ltr']),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  categories: z.array(z.string()),
  icons: z.array(
    z.object({
      src: z.string(),
      sizes: z.string(),
      type: z.literal('image/png'),
      purpose: z.enum(['any', 'maskable']),
    }),
  ),
});
export type WebManifest = z.infer<typeof webManifestSchema>;

/** A home-screen label longer than this is cut by launchers; the first words are kept instead. */
const SHORT_NAME_MAX = 12;

/** The first words of a name that fit a home-screen label (the whole name when it fits). */
export function shortNameOf(name: string): string {
  if (name.length <= SHORT_NAME_MAX) return name;
  let short = '';
  for (const word of name.split(/\s+/)) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    short = next;
  }
  return short || name.slice(0, SHORT_NAME_MAX);
}

/**
 * The web app manifest of a language, from the store settings. Both languages share one `id`
 * and the scope `/`, so switching the page language never looks like a second app to the
 * browser; each starts at its own home page (`/`, `/en`).
 */
export function buildWebManifest(
  settings: StoreSettings,
  lang: Language,
  iconVersion: string,
): WebManifest {
  const name = inLanguage(lang, settings.store_name, settings.store_name_en);
  const description = inLanguage(lang, settings.store_description, settings.store_description_en);
  return {
    id: '/',
    name,
    short_name: shortNameOf(name),
    ...(description ? { description } : {}),
    lang,
    dir: directionOf(lang),
    start_url: pathInLanguage('/', lang),
    scope: '/',
    display: 'standalone',
    theme_color: BRAND_THEME_COLOR,
    background_color: BRAND_BACKGROUND_COLOR,
    categories: ['shopping'],
    icons: APP_ICONS.filter((icon) => icon.inManifest).map((icon) => ({
      src: appIconUrl(icon.file, iconVersion),
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png' as const,
      purpose: icon.purpose,
    })),
  };
}

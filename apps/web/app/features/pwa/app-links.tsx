import { BRAND_THEME_COLOR, type Language } from '@shop/shared';

/** The installable app's <head> tags: its manifest in the page's language, iOS's icon, the theme colour. */
export function AppManifestLinks({ lang }: { lang: Language }) {
  return (
    <>
      <meta name="theme-color" content={BRAND_THEME_COLOR} />
      <link rel="manifest" href={lang === 'en' ? '/manifest.webmanifest?lang=en' : '/manifest.webmanifest'} />
      <link rel="apple-touch-icon" href="/app-icons/apple-touch-icon.png" />
    </>
  );
}

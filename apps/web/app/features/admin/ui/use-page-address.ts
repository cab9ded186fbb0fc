import { pathInLanguage, type Language } from '@shop/shared';
import { useRootData } from '../../../components/layout/root-data';
import { storeName } from '../../../lib/localized';
import { absoluteUrl } from '../../../lib/seo';

/**
 * How a storefront page edited in the back office reads in a search result: its address in each
 * language (the catalogue's address without the item's id or slug while it is new) and its
 * title as the page writes it without an SEO title of its own ("name | store").
 */
export function usePageAddress(path: string | null) {
  const { publicUrl, settings } = useRootData();
  return {
    address: (lang: Language) => absoluteUrl(publicUrl, pathInLanguage(path ?? '/', lang)),
    title: (lang: Language, name: string) => (name ? `${name} | ${storeName(lang, settings)}` : storeName(lang, settings)),
  };
}

import { useCallback } from 'react';
import { pathInLanguage } from '@shop/shared';
import { useI18n } from '../i18n/i18n';

/**
 * Puts a storefront path (written as the Arabic shop's: `/products/1?page=2`) in the page's
 * language: `/en/products/1?page=2` on an English page, unchanged on an Arabic one (decision 046).
 * Every link, form action, navigation and redirect of the storefront goes through it, so a shopper
 * never drops out of their language by following the shop's own links.
 */
export function useLocalizedPath(): (path: string) => string {
  const { lang } = useI18n();
  return useCallback((path: string) => pathInLanguage(path, lang), [lang]);
}

import { Form, useLocation } from 'react-router';
import { pathWithoutLanguage, SEARCH_MAX_LENGTH } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';
import { SearchIcon } from '../ui/icons';
import { useLocalizedPath } from '../../lib/localized-path';

/** The search text the header's box shows: the product list's own, elsewhere none. */
export function shownSearch(location: { pathname: string; search: string }): string {
  return pathWithoutLanguage(location.pathname) === '/products'
    ? (new URLSearchParams(location.search).get('search') ?? '')
    : '';
}

/** The header search: a GET form to /products?search=... (in the page's language), so it works without JavaScript too. */
export function SearchForm({ id, className = '' }: { id: string; className?: string }) {
  const { t } = useI18n();
  const location = useLocation();
  const localized = useLocalizedPath();
  const current = shownSearch(location);
  return (
    <Form method="get" action={localized('/products')} role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('common.search.label')}
      </label>
      <input
        // Remount when the URL's search text changes so the box shows what the list shows.
        key={current}
        id={id}
        type="search"
        name="search"
        defaultValue={current}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={t('common.search.placeholder')}
        enterKeyHint="search"
        className="h-11 w-full rounded-lg border border-stone-300 bg-white ps-3 pe-12 text-base lg:text-sm text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600"
      />
      <button
        type="submit"
        aria-label={t('common.search.submit')}
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-stone-600 hover:text-brand-700"
      >
        <SearchIcon className="size-5" />
      </button>
    </Form>
  );
}

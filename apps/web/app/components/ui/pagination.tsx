import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export type PageItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

/**
 * The numbered pages to show, always the same number of slots (7 with one sibling) so the bar
 * does not jump: the first and last page, the current page with `siblings` pages on each side,
 * and a gap (ellipsis) where pages are left out. A gap always stands for two pages or more.
 */
export function pageItems(current: number, pages: number, siblings = 1): PageItem[] {
  if (pages <= 0) return [];
  const slots = 2 * siblings + 5;
  const range = (from: number, to: number): PageItem[] =>
    Array.from({ length: to - from + 1 }, (_, offset) => ({ type: 'page', page: from + offset }));
  if (pages <= slots) return range(1, pages);
  const page = Math.min(Math.max(current, 1), pages);
  const edge = slots - 2; // pages shown beside a single gap
  if (page <= edge - siblings) {
    return [...range(1, edge), { type: 'gap', key: 'gap-end' }, { type: 'page', page: pages }];
  }
  if (page > pages - edge + siblings) {
    return [
      { type: 'page', page: 1 },
      { type: 'gap', key: 'gap-start' },
      ...range(pages - edge + 1, pages),
    ];
  }
  return [
    { type: 'page', page: 1 },
    { type: 'gap', key: 'gap-start' },
    ...range(page - siblings, page + siblings),
    { type: 'gap', key: 'gap-end' },
    { type: 'page', page: pages },
  ];
}

const itemClass =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-lg border px-2.5 text-sm font-semibold transition sm:px-3 lg:h-10 lg:min-w-10';
const linkClass = `${itemClass} border-stone-300 bg-white text-stone-800 hover:border-brand-600 hover:text-brand-700`;
const currentClass = `${itemClass} border-brand-700 bg-brand-700 text-white`;
const inactiveClass = `${itemClass} border-stone-200 text-stone-400`;

/** Previous, numbered and next page links; `hrefFor` builds each page's address. */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useI18n();
  if (pages <= 1) return null;

  const numbers = (siblings: number, className: string) =>
    pageItems(page, pages, siblings).map((item) =>
      item.type === 'gap' ? (
        <li key={item.key} aria-hidden="true" className={`${className} px-0.5 text-stone-500`}>
          …
        </li>
      ) : (
        <li key={item.page} className={className}>
          <Link
            to={hrefFor(item.page)}
            aria-label={t('catalog.pagination.page', { page: item.page })}
            aria-current={item.page === page ? 'page' : undefined}
            className={item.page === page ? currentClass : linkClass}
          >
            {item.page}
          </Link>
        </li>
      ),
    );

  // Chevrons point along the reading direction; on phones the words give way to them.
  const previous = (
    <>
      <ChevronLeftIcon className="size-4 rtl:-scale-x-100" />
      <span className="sr-only sm:not-sr-only">{t('catalog.pagination.previous')}</span>
    </>
  );
  const next = (
    <>
      <span className="sr-only sm:not-sr-only">{t('catalog.pagination.next')}</span>
      <ChevronRightIcon className="size-4 rtl:-scale-x-100" />
    </>
  );
  return (
    <nav aria-label={t('catalog.pagination.label')} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className={`${linkClass} gap-1`}>
              {previous}
            </Link>
          ) : (
            <span aria-disabled="true" className={`${inactiveClass} gap-1`}>
              {previous}
            </span>
          )}
        </li>
        {/* Phones get the compact bar (5 slots), wider screens the full one (7 slots). */}
        {numbers(0, 'sm:hidden')}
        {numbers(1, 'hidden sm:block')}
        <li>
          {page < pages ? (
            <Link to={hrefFor(page + 1)} rel="next" className={`${linkClass} gap-1`}>
              {next}
            </Link>
          ) : (
            <span aria-disabled="true" className={`${inactiveClass} gap-1`}>
              {next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

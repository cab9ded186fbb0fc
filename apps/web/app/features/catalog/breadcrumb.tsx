import { Link } from 'react-router';
import { ChevronRightIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { useLocalizedPath } from '../../lib/localized-path';

export interface Crumb {
  label: string;
  /** The Arabic shop's path (shown in the page's language); omitted for the current page, the last crumb. */
  to?: string;
}

/** Where the page sits in the shop: Home › … › current page. */
export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  const { t } = useI18n();
  const localized = useLocalizedPath();
  const crumbs: Crumb[] = [{ label: t('catalog.breadcrumb.home'), to: '/' }, ...items];
  return (
    <nav aria-label={t('catalog.breadcrumb.label')} className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`} className="flex items-center gap-1.5">
            {index > 0 && <ChevronRightIcon className="size-3.5 text-stone-400 rtl:-scale-x-100" />}
            {crumb.to && index < crumbs.length - 1 ? (
              <Link to={localized(crumb.to)} className="inline-flex min-h-11 min-w-11 items-center hover:text-brand-700 hover:underline lg:min-h-0 lg:min-w-0">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-semibold text-stone-900">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

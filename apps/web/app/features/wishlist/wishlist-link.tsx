import { Link } from 'react-router';
import { HeartIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { useLocalizedPath } from '../../lib/localized-path';
import { useWishlistIds } from './wishlist-ids';

/** The header's way to the wishlist, with how many products it keeps (filled in by the browser). */
export function WishlistLink() {
  const { t, tp } = useI18n();
  const localized = useLocalizedPath();
  const count = useWishlistIds()?.length;
  return (
    <Link
      to={localized('/wishlist')}
      aria-label={count === undefined ? t('common.nav.wishlist') : tp('common.nav.wishlist_count', count)}
      className="relative flex size-11 shrink-0 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50 lg:size-10"
    >
      <HeartIcon className="size-6" />
      {count !== undefined && count > 0 ? (
        <span
          aria-hidden="true"
          data-wishlist-count
          className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-semibold text-white"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { HeartIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { useErrorText } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';
import { storeWishlistIds, wishlistRequests } from './wishlist-api';
import { useWishlistIds } from './wishlist-ids';

/**
 * Keeping a product in the wishlist or letting it go: the shared ids, the request, the toasts.
 * A plain request, not a TanStack mutation (a grid's every card would build a mutation observer
 * on the server for a button nobody has pressed yet).
 */
export function useWishlistToggle(productId: number) {
  const queryClient = useQueryClient();
  const ids = useWishlistIds();
  const toast = useToast();
  const { t } = useI18n();
  const localized = useLocalizedPath();
  const failureText = useErrorText();
  const [working, setWorking] = useState(false);
  const kept = ids?.includes(productId) ?? false;

  async function toggle() {
    if (working) return;
    setWorking(true);
    try {
      if (kept) {
        storeWishlistIds(queryClient, await wishlistRequests.remove(productId));
        toast.success(t('common.wishlist.toast.removed'));
      } else {
        storeWishlistIds(queryClient, await wishlistRequests.add(productId));
        toast.success(t('common.wishlist.toast.added'), { to: localized('/wishlist'), label: t('common.wishlist.open') });
      }
    } catch (error) {
      toast.error(failureText(error, t(kept ? 'common.wishlist.toast.remove_failed' : 'common.wishlist.toast.add_failed')));
    } finally {
      setWorking(false);
    }
  }

  return { kept, known: ids !== undefined, working, toggle };
}

/**
 * The heart of a product card or page: a toggle button (aria-pressed) saying what a press does.
 * Its state is filled in by the browser; the server renders every heart empty, the same for
 * everyone (the page cache, docs/decisions/062).
 */
export function WishlistHeart({
  productId,
  name,
  variant,
}: {
  productId: number;
  /** The product's name in the page's language: each card's heart names its product. */
  name: string;
  /** `card`: a round icon button over the card's picture; `page`: a button with its text. */
  variant: 'card' | 'page';
}) {
  const { t } = useI18n();
  const { kept, known, working, toggle } = useWishlistToggle(productId);
  const heart = <HeartIcon filled={kept} className={`size-6 shrink-0 ${kept ? 'text-red-600' : ''}`} />;
  const common = {
    type: 'button' as const,
    'aria-pressed': kept,
    'aria-busy': working,
    'aria-disabled': working || !known,
    onClick: () => void (known ? toggle() : undefined),
  };
  if (variant === 'page') {
    return (
      <button {...common} className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}>
        {heart}
        {t(kept ? 'common.wishlist.remove' : 'common.wishlist.add')}
      </button>
    );
  }
  return (
    // Above the card's stretched link, so the heart is pressed rather than the card opened.
    <button
      {...common}
      aria-label={t(kept ? 'common.wishlist.remove_named' : 'common.wishlist.add_named', { name })}
      title={t(kept ? 'common.wishlist.remove' : 'common.wishlist.add')}
      className="absolute end-2 top-2 z-10 flex size-11 items-center justify-center rounded-full bg-white/90 text-brand-800 shadow-sm transition hover:bg-white aria-disabled:cursor-default"
    >
      {heart}
    </button>
  );
}

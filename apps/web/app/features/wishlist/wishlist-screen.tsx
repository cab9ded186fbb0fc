import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WishlistProduct, WishlistResponse } from '@shop/shared';
import { ButtonSpinner, buttonClasses } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { EmptyState } from '../../components/ui/empty-state';
import { HeartIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { browserApi } from '../../lib/api';
import { useLocalizedPath } from '../../lib/localized-path';
import { useAuth } from '../account/auth';
import { cardProduct, ProductCard } from '../catalog/product-card';
import { fetchWishlist, wishlistKeys } from './wishlist-api';
import { useWishlistToggle } from './wishlist-heart';

/**
 * The wishlist page's list: the loader's copy first (rendered for this shopper, never shared),
 * then what the hearts and the remove buttons change. A new loader copy replaces it.
 */
function useWishlist(loaded: WishlistResponse): WishlistResponse {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: wishlistKeys.products,
    queryFn: () => fetchWishlist(browserApi()),
    initialData: loaded,
    staleTime: Infinity,
  });
  useEffect(() => {
    queryClient.setQueryData(wishlistKeys.products, loaded);
    queryClient.setQueryData(wishlistKeys.ids, loaded.product_ids);
  }, [queryClient, loaded]);
  return data;
}

export function WishlistScreen({ loaded }: { loaded: WishlistResponse }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const localized = useLocalizedPath();
  const { products } = useWishlist(loaded);
  return (
    <Container className="py-6 sm:py-8">
      <h1 className="text-2xl font-semibold text-stone-900 sm:text-3xl">{t('wishlist.page.title')}</h1>
      {products.length === 0 ? (
        <EmptyState
          icon={<HeartIcon className="size-10" />}
          title={t('wishlist.empty.title')}
          text={t('wishlist.empty.text')}
          action={{ to: localized('/products'), label: t('wishlist.empty.action') }}
        />
      ) : (
        <>
          <p className="mt-2 text-stone-600">{t('wishlist.page.intro')}</p>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
            {products.map((product, index) => (
              <li key={product.id} className="flex flex-col gap-2">
                <ProductCard product={cardProduct(product)} heading="h2" eager={index < 2} heart={false} />
                <RemoveButton product={product} />
              </li>
            ))}
          </ul>
        </>
      )}
      {!user && <p className="mt-8 text-sm text-stone-600">{t('wishlist.guest_note')}</p>}
    </Container>
  );
}

function RemoveButton({ product }: { product: WishlistProduct }) {
  const { t } = useI18n();
  const { working, toggle } = useWishlistToggle(product.id);
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-busy={working}
      aria-disabled={working}
      aria-label={t('wishlist.remove_named', { name: product.display_name })}
      className={buttonClasses('ghost', 'md', 'w-full')}
    >
      {working && <ButtonSpinner />}
      {working ? t('wishlist.removing') : t('wishlist.remove')}
    </button>
  );
}

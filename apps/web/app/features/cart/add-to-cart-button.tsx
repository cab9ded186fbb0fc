import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { inLanguage, type Product, type ProductAttributesResponse } from '@shop/shared';
import { browserApi } from '../../lib/api';
import { productStockLevel } from '../../components/ui/stock-badge';
import { ButtonSpinner, buttonClasses } from '../../components/ui/button';
import { CartIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { useAddToCart } from './use-add-to-cart';
import { useLocalizedPath } from '../../lib/localized-path';

/** Whether the product has an attribute the shopper must choose (public, cached per product). */
function fetchNeedsChoices(id: number): Promise<boolean> {
  return browserApi()
    .get<ProductAttributesResponse>(`/products/${id}/attributes`)
    .then(({ attributes }) => attributes.some((attribute) => attribute.variations.length > 0));
}

/**
 * The product card's add-to-cart button. The list payload has no attributes, so every card
 * offers it; a product whose options must be chosen opens its page instead of being added.
 */
export function AddToCartButton({
  product,
}: {
  product: Pick<Product, 'id' | 'name' | 'name_en' | 'stock_quantity' | 'manage_stock' | 'in_stock'>;
}) {
  const localized = useLocalizedPath();
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { addToCart, adding, stockMessage } = useAddToCart();
  // Asking whether options must be chosen is part of the wait too.
  const [checking, setChecking] = useState(false);
  const busy = adding || checking;
  const hintId = `add-to-cart-hint-${product.id}`;
  const soldOut = productStockLevel(product) === 'out';

  async function add() {
    if (busy) return;
    setChecking(true);
    try {
      await addOrOpen();
    } finally {
      setChecking(false);
    }
  }

  async function addOrOpen() {
    const open = () => navigate(localized(`/products/${product.id}`));
    // Unknown (request failed): try the add, the server says if choices are missing.
    const needsChoices = await queryClient
      .fetchQuery({
        queryKey: ['product-attributes', product.id],
        queryFn: () => fetchNeedsChoices(product.id),
        staleTime: Infinity,
      })
      .catch(() => false);
    if (needsChoices) return void open();
    const outcome = await addToCart(product);
    if (outcome === 'needs_choices') void open();
  }

  const name = inLanguage(lang, product.name, product.name_en);
  if (soldOut) {
    // Nothing to add: the button says so, as the product page's does, and is not offered.
    return (
      <div className="relative z-10 mt-auto flex flex-col gap-1">
        <button
          type="button"
          disabled
          aria-label={t('cart.sold_out_named', { name })}
          className={buttonClasses('secondary', 'md', 'w-full cursor-not-allowed px-2 whitespace-nowrap opacity-60')}
        >
          {t('cart.sold_out')}
        </button>
      </div>
    );
  }

  return (
    // Above the card's stretched link, so the button is clicked rather than the card.
    <div className="relative z-10 mt-auto flex flex-col gap-1">
      <button
        type="button"
        onClick={() => void add()}
        aria-busy={busy}
        aria-disabled={busy}
        aria-describedby={hintId}
        aria-label={t('cart.add_named', { name })}
        className={buttonClasses('primary', 'md', 'w-full px-2 whitespace-nowrap')}
      >
        {busy ? <ButtonSpinner /> : <CartIcon className="hidden size-5 shrink-0 sm:block" />}
        {busy ? t('cart.adding') : t('cart.add')}
      </button>
      <p id={hintId} aria-live="polite" className="min-h-0 text-xs font-semibold text-red-700 empty:hidden">
        {stockMessage}
      </p>
    </div>
  );
}

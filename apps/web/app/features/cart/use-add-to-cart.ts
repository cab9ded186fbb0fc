import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { cartRequests, knownCart, storeCart, type SelectedAttributesInput } from './cart-api';
import { quantityInCart, stockRefusal, type StockFacts } from './cart-rules';
import { useTransientMessage } from './transient-message';
import { useErrorText } from '../../lib/errors';

export type AddOutcome = 'added' | 'refused' | 'needs_choices' | 'failed';

/** The server refused because an attribute of the product has no chosen variation. */
function missingChoices(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === 'VALIDATION_ERROR' &&
    error.details.some((detail) => detail.field.startsWith('selected_attributes'))
  );
}

/**
 * Adding a product to the cart, as the product card and the product page do it: the stock check
 * against what the cart already holds (its message vanishes after a few seconds), the request,
 * the toasts, and the new cart stored for the header and the cart page.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useI18n();
  const [stockMessage, showStockMessage] = useTransientMessage();
  const failureText = useErrorText();
  // Busy from the tap to the answer, the stock check's cart fetch included. (A plain request, not
  // a TanStack mutation: every product card of a page would otherwise build a mutation observer
  // on the server for a button nobody has pressed yet.)
  const [working, setWorking] = useState(false);

  async function addToCart(
    product: StockFacts & { id: number },
    selected: SelectedAttributesInput = {},
    quantity = 1,
  ): Promise<AddOutcome> {
    setWorking(true);
    try {
      return await addAndTell(product, selected, quantity);
    } finally {
      setWorking(false);
    }
  }

  async function addAndTell(
    product: StockFacts & { id: number },
    selected: SelectedAttributesInput = {},
    quantity = 1,
  ): Promise<AddOutcome> {
    // The cart is only needed for the comfort check; the server checks the stock anyway.
    const refusal =
      stockRefusal(product, 0, quantity) ??
      stockRefusal(
        product,
        await knownCart(queryClient).then(
          (cart) => quantityInCart(cart.items, product.id),
          () => 0,
        ),
        quantity,
      );
    if (refusal) {
      showStockMessage(t(refusal === 'out_of_stock' ? 'cart.stock.out' : 'cart.stock.not_enough'));
      return 'refused';
    }
    try {
      const cart = await cartRequests.add({ product_id: product.id, quantity, selected_attributes: selected });
      storeCart(queryClient, cart);
      toast.success(t('cart.toast.added'));
      return 'added';
    } catch (error) {
      if (missingChoices(error)) return 'needs_choices';
      if (error instanceof ApiError && error.code === 'OUT_OF_STOCK') {
        showStockMessage(error.message);
        return 'refused';
      }
      // Offline, the request fails at once and says it was not sent.
      toast.error(failureText(error, t('cart.toast.add_failed')));
      return 'failed';
    }
  }

  return { addToCart, adding: working, stockMessage };
}

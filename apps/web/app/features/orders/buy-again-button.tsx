import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ReorderResponse } from '@shop/shared';
import { Button, type ButtonVariant } from '../../components/ui/button';
import { CartIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { browserApi } from '../../lib/api';
import { useErrorText } from '../../lib/errors/error-text';
import { useLocalizedPath } from '../../lib/localized-path';
import { storeCart } from '../cart/cart-api';
import { reorderSummary } from './reorder-rules';

/**
 * "Buy again": the order's lines go into the cart at today's prices (the server decides what is
 * still sold and how many are left), the toasts say what did not go in, and the cart opens.
 */
export function BuyAgainButton({ orderId, variant = 'secondary' }: { orderId: number; variant?: ButtonVariant }) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const failureText = useErrorText();
  const [working, setWorking] = useState(false);

  async function buyAgain() {
    setWorking(true);
    try {
      const reply = await browserApi().post<ReorderResponse>(`/orders/${orderId}/reorder`);
      storeCart(queryClient, reply);
      const summary = reorderSummary(reply.reorder.lines);
      const list = new Intl.ListFormat(lang, { type: 'conjunction' });
      if (!summary.anyAdded) {
        toast.error(t('orders.buy_again.none'));
        return;
      }
      const notes = [
        summary.missing.length > 0 ? t('orders.buy_again.missing', { names: list.format(summary.missing) }) : null,
        summary.reduced.length > 0 ? t('orders.buy_again.reduced', { names: list.format(summary.reduced) }) : null,
      ].filter((note): note is string => note !== null);
      if (notes.length > 0) toast.warning(`${t('orders.buy_again.partly')} ${notes.join(' ')}`);
      else toast.success(t('orders.buy_again.added'));
      void navigate(localized('/cart'));
    } catch (error) {
      toast.error(failureText(error, t('orders.buy_again.failed')));
    } finally {
      setWorking(false);
    }
  }

  return (
    <Button variant={variant} onClick={() => void buyAgain()} disabled={working} aria-busy={working} data-testid="buy-again">
      <CartIcon className="size-5" />
      {working ? t('orders.buy_again.working') : t('orders.buy_again')}
    </Button>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatPrice, toThousandths, type CartPromo } from '@shop/shared';
import { Button } from '../../components/ui/button';
import { Price, useMoneyFormat } from '../../components/ui/price';
import { useToast } from '../../components/ui/toast';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { cartRequests, storeCart, type CartData } from './cart-api';

/**
 * The box's texts. They differ on the cart page ('discount code') and at
 * checkout ('promo code'), so each page passes its own catalogue keys.
 */
export interface PromoTexts {
  label: MessageKey;
  placeholder: MessageKey;
  apply: MessageKey;
  required: MessageKey;
  invalid: MessageKey;
  failed: MessageKey;
  appliedPercent: MessageKey;
  appliedAmount: MessageKey;
  appliedBanner: MessageKey;
  remove: MessageKey;
  removeNamed: MessageKey;
  removeFailed: MessageKey;
  /** A code the cart held stopped applying: `{code}` and the server's `{reason}`. */
  dropped: MessageKey;
}

const cartPromoTexts: PromoTexts = {
  label: 'cart.promo.label',
  placeholder: 'cart.promo.placeholder',
  apply: 'cart.promo.apply',
  required: 'cart.promo.required',
  invalid: 'cart.promo.invalid',
  failed: 'cart.promo.failed',
  appliedPercent: 'cart.promo.applied_percent',
  appliedAmount: 'cart.promo.applied_amount',
  appliedBanner: 'cart.promo.applied_banner',
  remove: 'cart.promo.remove',
  removeNamed: 'cart.promo.remove_named',
  removeFailed: 'cart.promo.remove_failed',
  dropped: 'cart.promo.dropped',
};

/** The toast of an applied code: its percentage, or its amount as it is charged. */
function appliedText(promo: CartPromo, texts: PromoTexts, t: ReturnType<typeof useI18n>['t'], money: ReturnType<typeof useMoneyFormat>) {
  return promo.discount_type === 'percentage'
    ? t(texts.appliedPercent, { percent: promo.discount_value })
    : t(texts.appliedAmount, { amount: formatPrice(toThousandths(promo.discount_value), money) });
}

/**
 * The promo code box of the cart and checkout pages. The code is kept with the shopper's cart on
 * the server, so it follows them from the cart to checkout and into the order; every answer about
 * the cart checks it again against the subtotal (and says so when it stopped applying). The
 * discount shown is the server's; the order checks the code once more and uses it up.
 */
export function PromoCodeBox({
  cart,
  texts = cartPromoTexts,
  dimWhenEmpty = false,
  noticeId,
}: {
  cart: CartData;
  texts?: PromoTexts;
  /** The notice's id, for a page that brings it into view (checkout, when the order refused the code). */
  noticeId?: string;
  /**
   * Checkout shows Apply as disabled while the box is empty. It stays
   * focusable and clickable (aria-disabled) so a click still explains what is missing.
   */
  dimWhenEmpty?: boolean;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const money = useMoneyFormat();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const applying = useMutation({ mutationFn: cartRequests.setPromoCode });
  const removing = useMutation({ mutationFn: cartRequests.removePromoCode });
  const applied = cart.promo ?? null;
  const notice = cart.promo_notice ?? null;

  function refusalText(failure: unknown, fallback: MessageKey = texts.invalid): string {
    if (failure instanceof ApiError && failure.status === 0) return t(texts.failed);
    return failure instanceof ApiError && failure.status > 0 && failure.code !== 'INTERNAL' && failure.message
      ? failure.message
      : t(fallback);
  }

  function apply(event: React.FormEvent) {
    event.preventDefault();
    if (applying.isPending) return;
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t(texts.required));
      return;
    }
    setError(null);
    applying.mutate(trimmed, {
      onSuccess: (updated) => {
        storeCart(queryClient, updated);
        setCode('');
        if (updated.promo) toast.success(appliedText(updated.promo, texts, t, money));
        else setError(t(texts.invalid));
      },
      onError: (failure) => setError(refusalText(failure)),
    });
  }

  function remove() {
    if (removing.isPending) return;
    removing.mutate(undefined, {
      onSuccess: (updated) => {
        storeCart(queryClient, updated);
        setError(null);
      },
      onError: (failure) => toast.error(refusalText(failure, texts.removeFailed)),
    });
  }

  if (applied) {
    return (
      <div
        data-testid="promo-applied"
        className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-brand-600/40 bg-brand-50 p-3 text-sm"
      >
        <p className="text-brand-800">
          {t(texts.appliedBanner, { code: applied.code })}{' '}
          <Price
            value={-toThousandths(applied.discount)}
            className="font-semibold"
            testId="promo-applied-discount"
          />
        </p>
        <button
          type="button"
          onClick={remove}
          disabled={removing.isPending}
          aria-busy={removing.isPending || undefined}
          aria-label={t(texts.removeNamed, { code: applied.code })}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 lg:min-h-9"
        >
          {t(texts.remove)}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={apply} noValidate className="flex flex-col gap-2">
      {notice && (
        <p
          role="status"
          id={noticeId}
          tabIndex={noticeId ? -1 : undefined}
          data-testid="promo-notice"
          className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900"
        >
          {t(texts.dropped, { code: notice.code, reason: notice.message })}
        </p>
      )}
      <label htmlFor={inputId} className="text-sm font-semibold text-stone-800">
        {t(texts.label)}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder={t(texts.placeholder)}
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={`${inputId}-error`}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-300 px-3 uppercase lg:min-h-10 placeholder:normal-case focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={applying.isPending}
          aria-busy={applying.isPending || undefined}
          aria-disabled={dimWhenEmpty && !code.trim() ? true : undefined}
          className={dimWhenEmpty && !code.trim() ? 'cursor-not-allowed opacity-60' : undefined}
        >
          {t(texts.apply)}
        </Button>
      </div>
      <p id={`${inputId}-error`} aria-live="polite" className="text-sm font-semibold text-red-700 empty:hidden">
        {error}
      </p>
    </form>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  formatPrice,
  fromThousandths,
  toThousandths,
  type PromoResultResponse,
  type Thousandths,
} from '@shop/shared';
import { Button } from '../../components/ui/button';
import { Price, useMoneyFormat } from '../../components/ui/price';
import { useToast } from '../../components/ui/toast';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { ApiError, browserApi } from '../../lib/api';

/** A promo code the server accepted for the current subtotal. */
export interface AppliedPromo {
  code: string;
  discount: Thousandths;
}

/**
 * The box's texts. The spec words them differently on the cart page ('discount code') and at
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
};

function validatePromo({ code, subtotal }: { code: string; subtotal: Thousandths }) {
  return browserApi().post<PromoResultResponse>('/promo-codes/validate', {
    code,
    total: fromThousandths(subtotal),
  });
}

/**
 * The promo code box of the cart and checkout pages. The discount is only a preview: the code is checked again
 * (and used up) when the order is placed. When the subtotal changes the code is checked again.
 */
export function PromoCodeBox({
  subtotal,
  applied,
  onChange,
  texts = cartPromoTexts,
  dimWhenEmpty = false,
}: {
  subtotal: Thousandths;
  applied: AppliedPromo | null;
  onChange: (promo: AppliedPromo | null) => void;
  texts?: PromoTexts;
  /**
   * Checkout shows Apply as disabled while the box is empty (spec section 5). It stays
   * focusable and clickable (aria-disabled) so a click still explains what is missing.
   */
  dimWhenEmpty?: boolean;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const money = useMoneyFormat();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const validation = useMutation({ mutationFn: validatePromo });

  function refusalText(failure: unknown): string {
    if (failure instanceof ApiError && failure.status === 0) return t(texts.failed);
    return failure instanceof ApiError && failure.message ? failure.message : t(texts.invalid);
  }

  function apply(event: React.FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t(texts.required));
      return;
    }
    setError(null);
    validation.mutate(
      { code: trimmed, subtotal },
      {
        onSuccess: (result) => {
          const discount = toThousandths(result.discount);
          if (discount <= 0) {
            setError(result.message || t(texts.invalid));
            return;
          }
          onChange({ code: result.code, discount });
          setCode('');
          toast.success(
            result.discount_type === 'percentage'
              ? t(texts.appliedPercent, { percent: result.discount_value })
              : t(texts.appliedAmount, {
                  amount: formatPrice(toThousandths(result.discount_value), money, 'charged'),
                }),
          );
        },
        onError: (failure) => setError(refusalText(failure)),
      },
    );
  }

  // A new subtotal changes a percentage discount and may fall below a minimum order.
  const checkedFor = useRef(subtotal);
  const { mutate } = validation;
  useEffect(() => {
    const changed = checkedFor.current !== subtotal;
    checkedFor.current = subtotal;
    if (!applied || !changed) return;
    mutate(
      { code: applied.code, subtotal },
      {
        onSuccess: (result) => {
          const discount = toThousandths(result.discount);
          onChange(discount > 0 ? { code: applied.code, discount } : null);
        },
        onError: (failure) => {
          onChange(null);
          setError(refusalText(failure));
        },
      },
    );
    // Only a change of subtotal re-checks; the callbacks read the latest values when it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subtotal]);

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-brand-600/40 bg-brand-50 p-3 text-sm">
        <p className="text-brand-800">
          {t(texts.appliedBanner, { code: applied.code })}{' '}
          <Price value={-applied.discount} context="charged" className="font-semibold" testId="promo-applied-discount" />
        </p>
        <button
          type="button"
          onClick={() => {
            onChange(null);
            setError(null);
          }}
          aria-label={t(texts.removeNamed, { code: applied.code })}
          className="rounded-lg px-2 py-1 font-semibold text-red-700 hover:bg-red-50"
        >
          {t(texts.remove)}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={apply} noValidate className="flex flex-col gap-2">
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
          className="min-h-10 min-w-0 flex-1 rounded-lg border border-stone-300 px-3 uppercase placeholder:normal-case focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={validation.isPending}
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

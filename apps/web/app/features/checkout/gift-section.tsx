import { GIFT_MESSAGE_MAX_LENGTH, giftMessageLength, toThousandths, type Thousandths } from '@shop/shared';
import { useRootData } from '../../components/layout/root-data';
import { Price } from '../../components/ui/price';
import { useI18n } from '../../i18n/i18n';
import { FormSection } from './checkout-fields';
import { giftMessageError } from './checkout-rules';

/** The store's gift wrapping fee in thousandths (the public settings'), null when wrapping is not offered. */
export function useGiftWrapFee(): Thousandths | null {
  const fee = useRootData().settings.gift_wrap_fee;
  return fee === null ? null : toThousandths(fee);
}

interface GiftSectionProps {
  message: { id: string; value: string; error: string | undefined; onChange: (value: string) => void };
  wrap: { id: string; checked: boolean; error: string | undefined; onChange: (checked: boolean) => void };
}

/**
 * The checkout's "This is a gift" section: a message for the card with a live count of its
 * characters (as the server counts them), and gift wrapping with its fee when the store offers
 * it. A message over the limit or with control characters says so as it is typed.
 */
export function GiftSection({ message, wrap }: GiftSectionProps) {
  const { t } = useI18n();
  const fee = useGiftWrapFee();
  const length = giftMessageLength(message.value.trim());
  const typedProblem = giftMessageError(message.value);
  const shownError = message.error ?? (typedProblem ? t(typedProblem, { max: GIFT_MESSAGE_MAX_LENGTH }) : undefined);
  const counterId = `${message.id}-count`;
  const errorId = `${message.id}-error`;
  const over = length > GIFT_MESSAGE_MAX_LENGTH;
  return (
    <FormSection title={t('checkout.gift.title')}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={message.id} className="text-sm font-semibold text-stone-800">
          {t('checkout.gift.message_label')}
        </label>
        <textarea
          id={message.id}
          name={message.id}
          rows={3}
          value={message.value}
          placeholder={t('checkout.gift.message_placeholder')}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${counterId} ${errorId}`}
          onChange={(event) => message.onChange(event.target.value)}
          className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 ${
            shownError ? 'border-red-600' : 'border-stone-300'
          }`}
        />
        <div className="flex items-start justify-between gap-3 text-sm">
          <p id={errorId} className="font-semibold text-red-700 empty:hidden">
            {shownError}
          </p>
          <p
            id={counterId}
            data-testid="gift-message-count"
            className={`ms-auto shrink-0 tabular-nums ${over ? 'font-semibold text-red-700' : 'text-stone-600'}`}
          >
            {t('checkout.gift.count', { count: length, max: GIFT_MESSAGE_MAX_LENGTH })}
          </p>
        </div>
      </div>
      {fee !== null || wrap.checked ? (
        <div className="flex flex-col gap-1.5">
          <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-stone-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50">
            <input
              id={wrap.id}
              type="checkbox"
              checked={wrap.checked}
              aria-invalid={wrap.error ? true : undefined}
              aria-describedby={wrap.error ? `${wrap.id}-error` : undefined}
              onChange={(event) => wrap.onChange(event.target.checked)}
              className="mt-1 size-4 accent-brand-700"
            />
            <span className="flex flex-col">
              <span className="font-semibold text-stone-900">
                {t('checkout.gift.wrap_label')}
                {fee !== null ? (
                  <>
                    {' '}
                    <span className="text-brand-700" data-testid="gift-wrap-fee">
                      (+<Price value={fee} />)
                    </span>
                  </>
                ) : null}
              </span>
              <span className="text-sm text-stone-600">{t('checkout.gift.wrap_hint')}</span>
            </span>
          </label>
          {wrap.error ? (
            <p id={`${wrap.id}-error`} className="text-sm font-semibold text-red-700">
              {wrap.error}
            </p>
          ) : null}
        </div>
      ) : null}
    </FormSection>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { GIFT_MESSAGE_MAX_LENGTH, toThousandths, type PaymentMethod } from '@shop/shared';
import { telUrl, whatsappUrl } from '../../components/layout/contact';
import { useRootData } from '../../components/layout/root-data';
import { useToast } from '../../components/ui/toast';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { AlertCircleIcon, CartIcon, CheckCircleIcon } from '../../components/ui/icons';
import { EmptyState } from '../../components/ui/empty-state';
import { isolateLtr } from '../../i18n/bidi';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { ApiError, browserApi } from '../../lib/api';
import { useAuth } from '../account/auth';
import { cartKeys, cartRequests, fetchCart, storeCart, useCart, type CartData } from '../cart/cart-api';
import { PromoCodeBox, type PromoTexts } from '../cart/promo-code-box';
import { PaymentFailedError, placeOrder, type PlacedOrder } from '../orders/order-api';
import { markJustPlaced } from '../orders/just-placed';
import { savePendingOrder } from '../orders/pending-order';
import { serverFieldErrors, serverFieldMessage, useFieldForm } from '../../components/ui/use-field-form';
import { AreaSelects } from './area-selects';
import { FormSection, TextField } from './checkout-fields';
import {
  checkoutTotals,
  giftMessageError,
  checkoutPrefill,
  emptyCheckoutForm,
  fillEmptyFields,
  isOrderLimitRefusal,
  missingRequiredFields,
  newIdempotencyKey,
  offeredPaymentMethods,
  orderPayload,
  requiredFields,
  shownCheckoutNotice,
  type CheckoutForm,
  type CheckoutNotice,
  type CreateOrderInput,
} from './checkout-rules';
import { CheckoutPrice, CheckoutSummary } from './checkout-summary';
import { SaveAddressCheckbox, SavedAddressPicker, useAddressBook } from './saved-address-picker';
import { GiftSection, useGiftWrapFee } from './gift-section';
import { StickyActionBar } from '../../components/layout/sticky-action-bar';
import { FreeDeliveryNote, useFreeDeliveryThreshold } from '../cart/free-delivery';
import { useCities, useCountries, useGovernorates } from './locations-api';
import { useErrorText, useSessionFailure } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';
import { useReveal } from '../../lib/use-reveal';

const checkoutPromoTexts: PromoTexts = {
  label: 'checkout.promo.label',
  placeholder: 'checkout.promo.placeholder',
  apply: 'checkout.promo.apply',
  required: 'checkout.promo.required',
  invalid: 'checkout.promo.invalid',
  failed: 'checkout.promo.failed',
  appliedPercent: 'checkout.promo.applied_percent',
  appliedAmount: 'checkout.promo.applied_amount',
  appliedBanner: 'checkout.promo.applied_banner',
  remove: 'checkout.promo.remove',
  removeNamed: 'checkout.promo.remove_named',
  removeFailed: 'checkout.promo.remove_failed',
  dropped: 'checkout.promo.dropped',
};

const paymentLabels: Record<PaymentMethod, { label: MessageKey; hint: MessageKey }> = {
  cash_on_delivery: { label: 'checkout.payment.cash_on_delivery', hint: 'checkout.payment.cash_on_delivery_hint' },
  upayments: { label: 'checkout.payment.upayments', hint: 'checkout.payment.upayments_hint' },
};

/** How long the success panel stays before the tracking page opens. */
const SUCCESS_PANEL_MS = 1500;

const fieldId = (field: string) => `checkout-${field}`;
/** The notice of a refused order, and the promo box's notice of a code taken out (brought into view). */
const CHECKOUT_NOTICE_ID = 'checkout-notice';
const PROMO_NOTICE_ID = 'checkout-promo-notice';
/** Every field the server may name; the required ones first, in the order their errors are read. */
const checkoutFields = [...requiredFields, 'notes', 'gift_message', 'gift_wrap', 'payment_method'] as const;

const emptyCart: CartData = { items: [], summary: { total: 0, total_items: 0 } };

/** The outcome is unknown (no answer, or the server failed): the same key must be sent again. */
function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || (error.status >= 500 && error.code === 'INTERNAL');
}

/**
 * The checkout page. A signed-in shopper's name, email, phone and address fill the empty fields,
 * also when the session is confirmed after the first render; guests start
 * with an empty form.
 */
export function CheckoutScreen({ loaded }: { loaded: CartData }) {
  const localized = useLocalizedPath();
  const { t, lang } = useI18n();
  const cart = useCart(loaded);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const handleAuthError = useSessionFailure();
  const failureText = useErrorText();
  const toast = useToast();
  const revalidator = useRevalidator();
  const reveal = useReveal();
  // Card payment is offered only when the server can take it (the public settings say so).
  const methods = offeredPaymentMethods(useRootData().settings.payment_methods);
  // The server renders with the session cookie's user, so the first HTML is already filled.
  const checkout = useFieldForm<CheckoutForm>(
    () => (user ? fillEmptyFields(emptyCheckoutForm(), checkoutPrefill(user)) : emptyCheckoutForm()),
    { fields: checkoutFields, fieldId },
  );
  const { values: form, errors, setValues } = checkout;
  // A method no longer offered (the settings changed since it was picked) falls back to the first offered.
  const paymentMethod = methods.includes(form.payment_method) ? form.payment_method : (methods[0] ?? 'cash_on_delivery');
  const prefilledFor = useRef<number | null>(user?.id ?? null);
  const [notice, setFormError] = useState<CheckoutNotice | null>(null);
  // A notice about fields goes as soon as it is no longer true (every required field filled).
  const formError = shownCheckoutNotice(notice, { missing: missingRequiredFields(form), fieldErrors: errors });
  const [placed, setPlaced] = useState<string | null>(null);
  /** The browser is on its way to the payment page: the button stays busy. */
  const [redirecting, setRedirecting] = useState(false);
  const idempotencyKey = useRef<string | null>(null);

  // A signed-in customer's saved addresses: the default fills the delivery fields once loaded.
  const addressBook = useAddressBook(user, form, setValues);

  const countries = useCountries();
  const governorates = useGovernorates(form.country_id);
  const cities = useCities(form.governorate_id);
  const city = cities.data?.find((item) => item.id === form.city_id) ?? null;

  const freeDeliveryThreshold = useFreeDeliveryThreshold();
  const giftWrapFee = useGiftWrapFee();
  const subtotal = toThousandths(cart.summary.total);
  // The code applied in the cart (or here) is kept with the cart; the server checked it for this subtotal.
  const promo = cart.promo ?? null;
  const totals = checkoutTotals(
    subtotal,
    promo ? toThousandths(promo.discount) : 0,
    city ? toThousandths(city.shipping_fee) : null,
    freeDeliveryThreshold,
    { wanted: form.gift_wrap, fee: giftWrapFee },
  );
  const goods = totals.subtotal - totals.discount;

  const placing = useMutation({
    mutationFn: ({ payload, key }: { payload: CreateOrderInput; key: string }) => placeOrder(payload, key, lang),
  });

  useEffect(() => {
    // Once per signed-in user: a field the shopper empties on purpose stays empty.
    if (!user || prefilledFor.current === user.id) return;
    prefilledFor.current = user.id;
    setValues((current) => fillEmptyFields(current, checkoutPrefill(user)));
  }, [user, setValues]);

  useEffect(() => {
    // Back from the payment page, the browser may show this page from its cache: the button works again.
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  useEffect(() => {
    if (!placed) return;
    const timer = setTimeout(() => navigate(localized(`/order-status/${placed}`)), SUCCESS_PANEL_MS);
    return () => clearTimeout(timer);
  }, [placed, navigate, localized]);

  function succeeded(order: PlacedOrder, payload: CreateOrderInput) {
    if (!order.order_number) {
      setFormError({ kind: 'general', text: t('checkout.error.no_order_number'), extra: [] });
      return;
    }
    idempotencyKey.current = null;
    savePendingOrder(payload, order.order_number);
    if (order.payment_url) {
      // The cart stays until the server has verified the payment.
      setRedirecting(true);
      window.location.assign(order.payment_url);
      return;
    }
    // The server emptied the cart with the order: the header's count follows.
    storeCart(queryClient, emptyCart);
    // The tracking page greets this tab once with its thank-you.
    markJustPlaced(order.order_number);
    setPlaced(order.order_number);
  }

  async function refreshCart() {
    try {
      storeCart(queryClient, await fetchCart(browserApi()));
    } catch {
      // The notice already names the refusal; the cart is read again on the next visit.
    }
  }

  /**
   * A code refused at placement leaves the cart at once (the summary's discount and the bottom
   * bar's total with it), and the box says why; the server forgets it too, so the next attempt
   * goes without it. Should that fail, the cart is read again and shows what the server keeps.
   */
  function dropRefusedPromo(code: string, message: string) {
    const notice = { code, message };
    const current = queryClient.getQueryData<CartData>(cartKeys.cart) ?? cart;
    storeCart(queryClient, { ...current, promo: null, promo_notice: notice });
    cartRequests.removePromoCode().then(
      (updated) => storeCart(queryClient, { ...updated, promo_notice: notice }),
      () => void refreshCart(),
    );
  }

  /** Where the shopper reads why the order was refused, in view and focused. */
  function revealNotice() {
    reveal(() => document.getElementById(CHECKOUT_NOTICE_ID));
  }

  function failed(error: unknown) {
    if (!outcomeUnknown(error)) idempotencyKey.current = null;
    // A dead token: the session ends and the shopper goes to /login.
    if (handleAuthError(error)) return;
    if (error instanceof PaymentFailedError) {
      // A failed charge: the message (or 'Payment failed. Please try again.') and the payment-failed toast; the cart is kept.
      setFormError({ kind: 'general', text: error.message || t('checkout.error.payment_failed'), extra: [] });
      toast.error(t('checkout.error.payment_failed_toast'));
      revealNotice();
      return;
    }
    const refusedCode = serverFieldMessage(error, 'promo_code');
    if (refusedCode !== undefined && promo) {
      // The code, not the order, was refused: said at the code's box, with the new total beside it.
      dropRefusedPromo(promo.code, refusedCode);
      setFormError({ kind: 'general', text: t('checkout.error.promo_removed'), extra: [] });
      reveal(() => document.getElementById(PROMO_NOTICE_ID));
      return;
    }
    // Lines that can no longer be bought as asked: the cart is read again, so the summary shows what is left.
    if (refusedCode !== undefined || (error instanceof ApiError && error.code === 'OUT_OF_STOCK')) void refreshCart();
    const contact = error instanceof ApiError && isOrderLimitRefusal(error);
    const split = serverFieldErrors(error, checkoutFields);
    const elsewhere = checkout.showServerErrors(error);
    // A message on one of the form's fields took the focus there; the notice is brought into view otherwise.
    const onAField = split !== null && Object.keys(split.onFields).length > 0;
    if (!onAField) revealNotice();
    if (contact) {
      // A limit of the order itself, not a field to correct: its words, and how to reach the shop.
      setFormError({ kind: 'general', text: elsewhere?.join(' ') || failureText(error, t('checkout.error.failed')), extra: [], contact });
      return;
    }
    if (elsewhere && onAField) {
      setFormError({ kind: 'fields', text: t('checkout.error.highlighted'), extra: elsewhere });
      return;
    }
    if (elsewhere && elsewhere.length > 0) {
      // Nothing on the form to correct: the server's own words.
      setFormError({ kind: 'general', text: elsewhere.join(' '), extra: [] });
      return;
    }
    // Online payment was switched off since the page loaded: the settings are read again, so the card option goes.
    if (error instanceof ApiError && error.code === 'PAYMENT_UNAVAILABLE') void revalidator.revalidate();
    // The server's words, or 'could not be sent' when offline, else the generic failure.
    setFormError({ kind: 'general', text: failureText(error, t('checkout.error.failed')), extra: [] });
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (placing.isPending || redirecting) return;
    if (!checkout.validate(missingRequiredFields(form), (key) => t(key))) {
      setFormError({ kind: 'required', text: t('checkout.error.required_summary'), extra: [] });
      return;
    }
    const giftProblem = giftMessageError(form.gift_message);
    if (giftProblem) {
      checkout.showErrors({ gift_message: t(giftProblem, { max: GIFT_MESSAGE_MAX_LENGTH }) });
      setFormError({ kind: 'fields', text: t('checkout.error.highlighted'), extra: [] });
      return;
    }
    setFormError(null);
    const payload: CreateOrderInput = {
      ...orderPayload({ ...form, payment_method: paymentMethod }, {
        promoCode: promo?.code ?? null,
        cityName: city ? (lang === 'ar' ? city.name_ar : city.name_en) : null,
        // The server takes the customer from the token; the payload carries the id too.
        userId: user?.id ?? null,
      }),
      ...addressBook.orderFields(),
    };
    idempotencyKey.current ??= newIdempotencyKey();
    placing.mutate(
      { payload, key: idempotencyKey.current },
      { onSuccess: (order) => succeeded(order, payload), onError: failed },
    );
  }

  if (placed) return <SuccessPanel orderNumber={placed} />;

  return (
    <Container className="py-6 sm:py-8">
      <h1 className="text-2xl font-semibold text-stone-900 sm:text-3xl">{t('checkout.page.title')}</h1>
      {cart.items.length === 0 ? (
        <EmptyCheckout />
      ) : (
        // The summary is on the left and the forms on the right in both languages.
        // The forms come first in the DOM (phones read them first); on wide screens an RTL row
        // already puts the first child on the right, an LTR row has to be reversed for that.
        <div className="mt-6 flex flex-col gap-6 lg:items-start lg:gap-8 lg:ltr:flex-row-reverse lg:rtl:flex-row">
          <form
            id="checkout-form"
            onSubmit={submit}
            noValidate
            aria-labelledby="checkout-form-title"
            className="flex min-w-0 flex-1 flex-col gap-4"
          >
            <h2 id="checkout-form-title" className="sr-only">
              {t('checkout.page.title')}
            </h2>
            <FormSection title={t('checkout.contact.title')}>
              <TextField
                {...checkout.field('name')}
                label={t('checkout.field.name')}
                autoComplete="name"
                required
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  {...checkout.field('email')}
                  label={t('checkout.field.email')}
                  type="email"
                  inputMode="email"
                  dir="ltr"
                  autoComplete="email"
                  required
                />
                <TextField
                  {...checkout.field('phone')}
                  label={t('checkout.field.phone')}
                  type="tel"
                  inputMode="tel"
                  dir="ltr"
                  autoComplete="tel"
                  required
                />
              </div>
            </FormSection>

            <FormSection title={t('checkout.shipping.title')}>
              <SavedAddressPicker book={addressBook} />
              <AreaSelects
                value={form}
                errors={errors}
                fieldId={fieldId}
                countries={countries}
                governorates={governorates}
                cities={cities}
                changeWith={checkout.changeWith}
              />
              <TextField
                {...checkout.field('shipping_address')}
                label={t('checkout.field.shipping_address')}
                autoComplete="street-address"
                multiline
                required
              />
              <SaveAddressCheckbox book={addressBook} />
              <TextField
                {...checkout.field('notes')}
                label={t('checkout.field.notes')}
                placeholder={t('checkout.field.notes_placeholder')}
                multiline
              />
            </FormSection>

            <GiftSection
              message={checkout.field('gift_message')}
              wrap={{
                id: fieldId('gift_wrap'),
                checked: form.gift_wrap,
                error: errors.gift_wrap,
                onChange: (checked) => checkout.change('gift_wrap', checked),
              }}
            />

            <FormSection title={t('checkout.payment.title')}>
              <fieldset
                id={fieldId('payment_method')}
                tabIndex={-1}
                aria-describedby={errors.payment_method ? `${fieldId('payment_method')}-error` : undefined}
                className="flex flex-col gap-3 outline-none"
              >
                <legend className="sr-only">{t('checkout.payment.title')}</legend>
                {methods.map((method) => (
                  <label
                    key={method}
                    className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="payment_method"
                      value={method}
                      checked={paymentMethod === method}
                      onChange={() => checkout.change('payment_method', method)}
                      className="mt-1 size-4 accent-brand-700"
                    />
                    <span className="flex flex-col">
                      <span className="font-semibold text-stone-900">{t(paymentLabels[method].label)}</span>
                      <span className="text-sm text-stone-600">{t(paymentLabels[method].hint)}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              {errors.payment_method && (
                <p id={`${fieldId('payment_method')}-error`} className="text-sm font-semibold text-red-700">
                  {errors.payment_method}
                </p>
              )}
            </FormSection>
          </form>

          <div className="w-full shrink-0 lg:w-96">
            <CheckoutSummary items={cart.items} totals={totals}>
              <FreeDeliveryNote goods={goods} />
              <PromoCodeBox cart={cart} texts={checkoutPromoTexts} noticeId={PROMO_NOTICE_ID} dimWhenEmpty />
              {formError && (
                <div
                  role="alert"
                  id={CHECKOUT_NOTICE_ID}
                  tabIndex={-1}
                  data-testid="checkout-error"
                  className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
                >
                  <AlertCircleIcon className="mt-0.5 size-5 shrink-0" />
                  <div>
                    <p className="font-semibold">{formError.text}</p>
                    {formError.extra.length > 0 && (
                      <ul className="mt-1 list-disc ps-4">
                        {formError.extra.map((message) => (
                          <li key={message}>{message}</li>
                        ))}
                      </ul>
                    )}
                    {formError.contact ? <ShopContactLinks /> : null}
                  </div>
                </div>
              )}
              {/* On a phone the bottom bar carries this button, with the total. */}
              <PlaceOrderButton placing={placing.isPending} redirecting={redirecting} className="w-full max-lg:hidden" />
            </CheckoutSummary>
            <StickyActionBar
              summary={
                <>
                  <span className="text-stone-600">{t('checkout.summary.total')}</span>
                  <CheckoutPrice value={totals.total} className="text-base font-semibold text-stone-900" />
                  <FreeDeliveryNote goods={goods} compact />
                </>
              }
            >
              <PlaceOrderButton placing={placing.isPending} redirecting={redirecting} className="px-5" />
            </StickyActionBar>
          </div>
        </div>
      )}
    </Container>
  );
}

/** Submits the checkout form from wherever it sits (the summary, or the phone's bottom bar). */
function PlaceOrderButton({ placing, redirecting, className }: { placing: boolean; redirecting: boolean; className: string }) {
  const { t } = useI18n();
  return (
    <Button type="submit" form="checkout-form" size="lg" pending={placing || redirecting} className={className}>
      {redirecting ? t('checkout.redirecting_to_payment') : placing ? t('checkout.placing') : t('checkout.place_order')}
    </Button>
  );
}

/** The shop's WhatsApp and phone, for an order only the shop can place (a limit refused it). */
function ShopContactLinks() {
  const { t } = useI18n();
  const { settings } = useRootData();
  const whatsapp = settings.whatsapp_number ? whatsappUrl(settings.whatsapp_number, t('checkout.error.contact_text')) : null;
  const phone = settings.phone_number ? telUrl(settings.phone_number) : null;
  if (!whatsapp && !phone) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3" data-testid="checkout-contact-shop">
      <span>{t('checkout.error.contact_shop')}</span>
      {whatsapp ? (
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center font-semibold underline">
          {t('checkout.error.contact_whatsapp')}
        </a>
      ) : null}
      {phone && settings.phone_number ? (
        <a href={phone} className="inline-flex min-h-11 items-center font-semibold underline">
          <bdi dir="ltr">{settings.phone_number}</bdi>
        </a>
      ) : null}
    </p>
  );
}

function EmptyCheckout() {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  return (
    <EmptyState
      icon={<CartIcon className="size-10" />}
      title={t('checkout.empty.title')}
      text={t('checkout.empty.text')}
      action={{ to: localized('/products'), label: t('checkout.empty.browse') }}
    />
  );
}

function SuccessPanel({ orderNumber }: { orderNumber: string }) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  return (
    <Container className="py-10">
      <div role="status" className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border border-brand-600/30 bg-white p-6 text-center shadow-sm">
        <CheckCircleIcon className="size-14 text-brand-700" />
        <h1 className="text-2xl font-semibold text-stone-900">{t('checkout.success.title')}</h1>
        <p className="text-stone-700">
          {t('checkout.success.text', { number: isolateLtr(orderNumber) })}
        </p>
        <Link to={localized(`/order-status/${orderNumber}`)} className="font-semibold text-brand-700 underline">
          {t('checkout.success.link')}
        </Link>
      </div>
    </Container>
  );
}

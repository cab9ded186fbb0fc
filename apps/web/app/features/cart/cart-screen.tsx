import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { inLanguage, toThousandths, type CartItem, type RemovedCartItem, type Thousandths } from '@shop/shared';
import { Button, ButtonLink, ButtonSpinner } from '../../components/ui/button';
import { StickyActionBar } from '../../components/layout/sticky-action-bar';
import { Container } from '../../components/ui/container';
import { AlertCircleIcon, CartIcon, CloseIcon } from '../../components/ui/icons';
import { Price } from '../../components/ui/price';
import { useToast } from '../../components/ui/toast';
import { EmptyState } from '../../components/ui/empty-state';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { CatalogImage, ImagePlaceholder } from '../catalog/product-image';
import { cartRequests, forgetRemovedItems, storeCart, useCart, type CartData } from './cart-api';
import { cartTotals, deliveryNote, lineQuantityLimit } from './cart-rules';
import { FreeDeliveryNote, useFreeDeliveryThreshold } from './free-delivery';
import { PromoCodeBox } from './promo-code-box';
import { useTransientMessage } from './transient-message';
import { selectionText } from '../../lib/localized';
import { errorText } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';

/** Update, remove and clear: each answer becomes the cart (and the header's count). */
function useCartActions() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useI18n();
  const done = (message: MessageKey) => (cart: CartData) => {
    storeCart(queryClient, cart);
    toast.success(t(message));
  };
  const failed = (message: MessageKey) => (error: unknown) => {
    // A stock refusal is shown beside the line's plus button instead.
    if (error instanceof ApiError && error.code === 'OUT_OF_STOCK') return;
    toast.error(errorText(error, { fallback: t(message), notSent: t('common.offline.not_sent') }));
  };
  const update = useMutation({
    mutationFn: cartRequests.update,
    onSuccess: done('cart.toast.updated'),
    onError: failed('cart.toast.update_failed'),
  });
  const remove = useMutation({
    mutationFn: cartRequests.remove,
    onSuccess: done('cart.toast.removed'),
    onError: failed('cart.toast.remove_failed'),
  });
  const clear = useMutation({
    mutationFn: cartRequests.clear,
    onSuccess: done('cart.toast.cleared'),
    onError: failed('cart.toast.clear_failed'),
  });
  const busyLine =
    update.isPending ? update.variables.id : remove.isPending ? remove.variables : null;
  const removingLine = remove.isPending ? remove.variables : null;
  return { update, remove, clear, busyLine, removingLine, busy: update.isPending || remove.isPending || clear.isPending };
}

/** The cart page: lines with quantity controls, the summary, clear, checkout and shopping links. */
export function CartScreen({ loaded }: { loaded: CartData }) {
  const { t, tp } = useI18n();
  const cart = useCart(loaded);
  const actions = useCartActions();
  const count = cart.summary.total_items;

  return (
    <Container className="py-6 sm:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold text-stone-900 sm:text-3xl">{t('cart.page.title')}</h1>
        {cart.items.length > 0 && (
          <p className="text-stone-600">{tp('cart.page.count', count)}</p>
        )}
      </div>

      <RemovedItemsNotice removed={cart.removed_items ?? []} />

      {cart.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[1fr_20rem] lg:gap-8">
          <section aria-label={t('cart.lines.label')} className="min-w-0">
            <ul className="flex flex-col gap-3">
              {cart.items.map((item, index) => (
                <li key={item.id}>
                  <CartLine
                    item={item}
                    firstOnScreen={index === 0}
                    busy={actions.busyLine === item.id || actions.clear.isPending}
                    removing={actions.removingLine === item.id}
                    onQuantity={(quantity) => actions.update.mutateAsync({ id: item.id, quantity })}
                    onRemove={() => actions.remove.mutate(item.id)}
                  />
                </li>
              ))}
            </ul>
            <ClearCart busy={actions.busy} onClear={() => actions.clear.mutate()} />
          </section>
          <CartSummary cart={cart} />
        </div>
      )}
    </Container>
  );
}

/**
 * Lines the server took out of the cart because they can no longer be bought, named so the
 * shopper is not left wondering. Shown until dismissed or until the shopper leaves the page.
 */
function RemovedItemsNotice({ removed }: { removed: readonly RemovedCartItem[] }) {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  // Seen once is enough: leaving the page forgets the notice.
  useEffect(() => () => forgetRemovedItems(queryClient), [queryClient]);
  if (removed.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="cart-removed-notice"
      className="mt-4 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-900 sm:p-4"
    >
      <AlertCircleIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <ul className="flex min-w-0 flex-1 flex-col gap-1">
        {removed.map((item) => {
          const name = inLanguage(lang, item.name, item.name_en);
          return (
            <li key={item.product_id}>
              {t(item.reason === 'product_unavailable' ? 'cart.removed.product' : 'cart.removed.option', {
                name,
              })}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => forgetRemovedItems(queryClient)}
        aria-label={t('cart.removed.dismiss')}
        className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-amber-100 lg:m-0 lg:size-8"
      >
        <CloseIcon className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}

function CartLine({
  item,
  firstOnScreen,
  busy,
  removing,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  /** The first line's picture is the largest paint of the page: loaded at once, first. */
  firstOnScreen: boolean;
  busy: boolean;
  /** The line's removal is on its way (the remove button says so). */
  removing: boolean;
  onQuantity: (quantity: number) => Promise<CartData>;
  onRemove: () => void;
}) {
  const localized = useLocalizedPath();
  const { t, lang } = useI18n();
  const name = inLanguage(lang, item.name, item.name_en);
  const [stockMessage, showStockMessage] = useTransientMessage();
  const limit = lineQuantityLimit(item);
  const atLimit = item.quantity >= limit;
  const options = Object.values(item.selected_attributes);
  const messageId = `cart-line-stock-${item.id}`;

  function increase() {
    if (busy) return;
    if (atLimit) {
      showStockMessage(t('cart.stock.not_enough'));
      return;
    }
    onQuantity(item.quantity + 1).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'OUT_OF_STOCK') showStockMessage(error.message);
    });
  }

  function decrease() {
    if (busy) return;
    // Minus at quantity 1 takes the line out of the cart.
    if (item.quantity <= 1) onRemove();
    else onQuantity(item.quantity - 1).catch(() => undefined);
  }

  return (
    <article
      aria-busy={busy}
      data-cart-line={item.id}
      className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:gap-4 sm:p-4"
    >
      <Link
        to={localized(`/products/${item.product_id}`)}
        tabIndex={-1}
        aria-hidden="true"
        className="block size-20 shrink-0 overflow-hidden rounded-xl bg-sand-100 sm:size-24"
      >
        {item.featured_image ? (
          <CatalogImage src={item.featured_image} alt="" sizes="96px" eager={firstOnScreen} className="size-full object-cover" />
        ) : (
          <ImagePlaceholder className="size-full" />
        )}
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <h2 className="font-semibold text-stone-900">
            <Link to={localized(`/products/${item.product_id}`)} className="inline-flex min-h-11 items-center hover:text-brand-700 hover:underline lg:min-h-0">
              <bdi>{name}</bdi>
            </Link>
          </h2>
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            aria-busy={removing || undefined}
            aria-label={t('cart.line.remove_named', { name })}
            className="-my-2 -me-2 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 lg:my-0 lg:me-0 lg:min-h-9"
          >
            {removing && <ButtonSpinner />}
            {removing ? t('cart.line.removing') : t('cart.line.remove')}
          </button>
        </div>

        {options.length > 0 && (
          <dl aria-label={t('cart.line.options')} className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-600">
            {options.map((option) => {
              const text = selectionText(lang, option);
              return (
                <div key={option.attribute_id} className="flex gap-1">
                  <dt>
                    <bdi>{text.attribute}</bdi>:
                  </dt>
                  <dd className="font-semibold text-stone-800">
                    <bdi>{text.value}</bdi>
                  </dd>
                </div>
              );
            })}
          </dl>
        )}

        <p className="text-sm text-stone-600">
          {t('cart.line.unit_price')} <Price value={toThousandths(item.display_price)} className="font-semibold text-stone-800" />
        </p>
        {!item.in_stock && <p className="text-sm font-semibold text-red-700">{t('cart.line.unavailable')}</p>}

        <div className="flex flex-wrap items-center justify-between gap-2">
          <div
            role="group"
            aria-label={t('cart.line.quantity_named', { name })}
            className="inline-flex items-center rounded-lg border border-stone-300"
          >
            <button
              type="button"
              onClick={decrease}
              disabled={busy}
              aria-label={t('cart.line.decrease', { name })}
              className="flex size-11 items-center justify-center rounded-s-lg text-lg font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60 lg:size-10"
            >
              −
            </button>
            <output aria-live="polite" className="relative min-w-10 px-2 text-center font-semibold tabular-nums">
              {item.quantity}
              {/* A change on its way: the number stays readable under a small spinner. */}
              {busy && !removing && (
                <span className="absolute inset-0 flex items-center justify-center bg-white/70 text-brand-700">
                  <ButtonSpinner />
                </span>
              )}
            </output>
            <button
              type="button"
              onClick={increase}
              disabled={busy}
              aria-disabled={atLimit}
              aria-describedby={messageId}
              aria-label={t('cart.line.increase', { name })}
              className={`flex size-11 items-center justify-center rounded-e-lg text-lg font-semibold disabled:opacity-60 lg:size-10 ${atLimit ? 'cursor-not-allowed text-stone-400' : 'text-brand-800 hover:bg-brand-50'}`}
            >
              +
            </button>
          </div>
          <p className="text-stone-700">
            {t('cart.line.total')}{' '}
            <Price value={toThousandths(item.line_total)} className="font-semibold text-brand-800" />
          </p>
        </div>
        <p id={messageId} aria-live="polite" className="text-sm font-semibold text-red-700 empty:hidden">
          {stockMessage}
        </p>
      </div>
    </article>
  );
}

/** Clearing asks once more, in place, since it cannot be undone. */
function ClearCart({ busy, onClear }: { busy: boolean; onClear: () => void }) {
  const { t } = useI18n();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <div className="mt-4">
        <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)} className="text-red-700 hover:bg-red-50">
          {t('cart.clear')}
        </Button>
      </div>
    );
  }
  return (
    <div role="alertdialog" aria-labelledby="clear-cart-question" className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-3">
      <p id="clear-cart-question" className="font-semibold text-red-800">
        {t('cart.clear.confirm')}
      </p>
      <div className="flex gap-2">
        <Button
          disabled={busy}
          onClick={() => {
            setConfirming(false);
            onClear();
          }}
          className="bg-red-700 hover:bg-red-800"
        >
          {t('cart.clear.yes')}
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(false)}>
          {t('cart.clear.cancel')}
        </Button>
      </div>
    </div>
  );
}

function CartSummary({
  cart,
}: {
  cart: CartData;
}) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  // The code kept with the cart, checked by the server against this very subtotal.
  const totals = cartTotals(cart.summary, toThousandths(cart.promo?.discount ?? 0));
  // What free delivery is measured against: the items after the discount.
  const goods = totals.subtotal - totals.discount;
  return (
    <aside
      aria-labelledby="cart-summary-title"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm lg:sticky lg:top-4"
    >
      <h2 id="cart-summary-title" className="text-lg font-semibold text-stone-900">
        {t('cart.summary.title')}
      </h2>
      <dl className="flex flex-col gap-2 text-stone-700">
        <div className="flex justify-between gap-2">
          <dt>{t('cart.summary.items')}</dt>
          <dd data-testid="cart-items-count" className="font-semibold tabular-nums">
            {totals.items}
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>{t('cart.summary.subtotal')}</dt>
          <dd>
            <Price value={totals.subtotal} />
          </dd>
        </div>
        {totals.discount > 0 && (
          <div className="flex justify-between gap-2 text-brand-700">
            <dt>{t('cart.summary.discount')}</dt>
            <dd data-testid="cart-discount">
              <Price value={-totals.discount} />
            </dd>
          </div>
        )}
        <DeliveryRow fees={cart.shipping_fees} goods={goods} />
        <div className="flex justify-between gap-2 border-t border-stone-200 pt-2 text-lg font-semibold text-stone-900">
          <dt>{t('cart.summary.total')}</dt>
          <dd data-testid="cart-total">
            <Price value={totals.total} />
          </dd>
        </div>
      </dl>
      <FreeDeliveryNote goods={goods} />
      <PromoCodeBox cart={cart} />
      {/* On a phone the bottom bar carries the next step, with the total. */}
      <ButtonLink to={localized('/checkout')} size="lg" className="w-full max-lg:hidden">
        {t('cart.checkout')}
      </ButtonLink>
      <StickyActionBar
        summary={
          <>
            <span className="text-stone-600">{t('cart.summary.total')}</span>
            <Price value={totals.total} className="text-base font-semibold text-stone-900" />
            <FreeDeliveryNote goods={goods} compact />
          </>
        }
      >
        <ButtonLink to={localized('/checkout')} size="lg" className="px-5">
          {t('cart.checkout')}
        </ButtonLink>
      </StickyActionBar>
      <ButtonLink to={localized('/products')} variant="secondary" className="w-full">
        {t('cart.continue')}
      </ButtonLink>
    </aside>
  );
}

/**
 * Delivery in the cart: the area is chosen at checkout, so the fee is named "from" the lowest
 * one (or the one fee), with a note that it is added at checkout; "free" only when every area is.
 */
function DeliveryRow({ fees, goods }: { fees: CartData['shipping_fees']; goods: Thousandths }) {
  const { t } = useI18n();
  const note = deliveryNote(fees, { goods, threshold: useFreeDeliveryThreshold() });
  // The hint is a second description of the same term: a <dl> may hold only dt/dd groups.
  return (
    <div className="flex flex-wrap justify-between gap-x-2 gap-y-1">
      <dt>{t('cart.summary.shipping')}</dt>
      <dd data-testid="cart-shipping" className={note.kind === 'free' ? 'font-semibold text-brand-700' : undefined}>
        {note.kind === 'free' ? (
          t('cart.summary.free')
        ) : note.kind === 'at_checkout' ? (
          t('cart.summary.shipping_at_checkout')
        ) : note.kind === 'fixed' ? (
          <Price value={note.fee} />
        ) : (
          <ShippingFrom fee={note.fee} />
        )}
      </dd>
      {note.kind !== 'free' && (
        <dd data-testid="cart-shipping-hint" className="basis-full text-xs text-stone-500">
          {t('cart.summary.shipping_hint')}
        </dd>
      )}
    </div>
  );
}

/** "From 1.000 KD": the amount placed where the sentence puts it, in either language. */
function ShippingFrom({ fee }: { fee: number }) {
  const { t } = useI18n();
  const [before, after = ''] = t('cart.summary.shipping_from').split('{amount}');
  return (
    <>
      {before}
      <Price value={fee} />
      {after}
    </>
  );
}

function EmptyCart() {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  return (
    <EmptyState
      icon={<CartIcon className="size-10" />}
      title={t('cart.empty.title')}
      text={t('cart.empty.text')}
      action={{ to: localized('/products'), label: t('cart.empty.browse') }}
    />
  );
}

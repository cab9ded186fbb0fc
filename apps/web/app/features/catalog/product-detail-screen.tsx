import { Suspense, useState } from 'react';
import { Await, Link } from 'react-router';
import {
  DEFAULT_CURRENCY,
  DEFAULT_STORE_NAME,
  inLanguage,
  toThousandths,
  type Product,
  type ProductAttribute,
  type ProductReviewsResponse,
} from '@shop/shared';
import { useRootData } from '../../components/layout/root-data';
import { telUrl, whatsappUrl } from '../../components/layout/contact';
import { ButtonSpinner, buttonClasses } from '../../components/ui/button';
import { StickyActionBar } from '../../components/layout/sticky-action-bar';
import { Container } from '../../components/ui/container';
import { CartIcon, PhoneIcon, WhatsAppIcon } from '../../components/ui/icons';
import { Price, SaleBadge, SalePrice, useMoneyFormat } from '../../components/ui/price';
import { StockBadge } from '../../components/ui/stock-badge';
import { ReviewStars } from '../../components/ui/review-stars';
import { ProductReviews } from '../reviews/product-reviews';
import { useI18n } from '../../i18n/i18n';
import { storeName, variationTitle } from '../../lib/localized';
import type { PagePart } from '../../lib/page-parts';
import type { SelectedAttributesInput } from '../cart/cart-api';
import { useAddToCart } from '../cart/use-add-to-cart';
import { absoluteUrl } from '../../lib/seo';
import { breadcrumbJsonLd, breadcrumbSteps, pageUrls, type ShippingFeeSpan } from '../../lib/structured-data';
import { JsonLdScripts } from '../../components/layout/json-ld';
import { AttributePicker, attributeInputId } from './attribute-picker';
import { Breadcrumb, type Crumb } from './breadcrumb';
import { ProductGallery } from './product-gallery';
import type { CardProduct } from './product-card';
import { ProductGrid } from './product-grid';
import { productJsonLd } from './product-json-ld';
import type { CategoryCrumb } from './product-list-data';
import { attributeMessages, priceWithOptions, type AttributeSelection } from './product-options';
import { useLocalizedPath } from '../../lib/localized-path';
import { WishlistHeart } from '../wishlist/wishlist-heart';
import { BackInStockForm } from '../shopper-emails/back-in-stock-form';
import { useAuth } from '../account/auth';
import { SameMarkup, sharedValueId } from '../../lib/same-markup';

/** The add-to-cart button while it cannot be used: same shape, no brand colour. */
const unavailableButton =
  'inline-flex min-h-12 cursor-not-allowed items-center justify-center gap-2 rounded-lg bg-stone-500 px-6 py-3 text-base font-semibold text-white';

/** The product page: gallery, price with the chosen options, pickers, contact, related products. */
export function ProductDetailScreen({
  product,
  attributes,
  related,
  categoryPath,
  shipping,
  reviews,
}: {
  product: Product;
  attributes: readonly ProductAttribute[];
  related: PagePart<CardProduct[]>;
  categoryPath: readonly CategoryCrumb[];
  shipping: readonly ShippingFeeSpan[];
  /** The first page of approved reviews; null leaves the section out. */
  reviews: ProductReviewsResponse | null;
}) {
  const localized = useLocalizedPath();
  const { t, lang } = useI18n();
  const root = useRootData();
  const name = inLanguage(lang, product.name, product.name_en);
  const shortDescription = inLanguage(lang, product.short_description, product.short_description_en);
  const description = inLanguage(lang, product.description, product.description_en);
  const categoryName = inLanguage(lang, product.category_name, product.category_name_en);
  const [selection, setSelection] = useState<AttributeSelection>({});
  // Missing choices are pointed out only after the shopper tries to add the product.
  const [attempted, setAttempted] = useState(false);
  const { addToCart: addProduct, adding, stockMessage } = useAddToCart();

  const money = useMoneyFormat();
  const { status, user } = useAuth();

  const prices = priceWithOptions(product, attributes, selection);
  const messages = attributeMessages(attributes, selection, t, lang);
  const inStock = product.in_stock;
  const canAdd = inStock && messages.summary === null;

  const publicUrl = root.publicUrl;
  const absolute = (path: string) => absoluteUrl(publicUrl, path);
  const url = pageUrls(publicUrl, lang);
  const productPath = `/products/${product.id}`;
  const productUrl = url(productPath);
  const settings = root?.settings;
  const call = settings?.phone_number ? telUrl(settings.phone_number) : null;
  const whatsapp = settings?.whatsapp_number ? whatsappUrl(settings.whatsapp_number) : null;
  const whatsappHref = whatsapp
    ? `${whatsapp}?text=${encodeURIComponent(t('catalog.detail.whatsapp_message', { name, url: absolute(productPath) }))}`
    : null;

  const productData = productJsonLd({
    product,
    lang,
    currency: settings?.currency || DEFAULT_CURRENCY,
    storeName: (settings && storeName(lang, settings)) || DEFAULT_STORE_NAME,
    url: productUrl,
    images: product.gallery.map(absolute),
    shipping,
    freeDeliveryThreshold:
      settings?.free_shipping_threshold === undefined || settings.free_shipping_threshold === null
        ? null
        : toThousandths(settings.free_shipping_threshold),
    returnPolicyUrl: url('/return-policy'),
    reviews: reviews && { ...reviews, anonymous: t('catalog.reviews.anonymous') },
  });

  function choose(attributeId: number, variationId: number) {
    setSelection((current) => ({ ...current, [attributeId]: variationId }));
  }

  function addToCart() {
    if (!inStock) return;
    if (messages.summary !== null) {
      setAttempted(true);
      const first = attributes.find((attribute) => messages.byAttribute.has(attribute.id));
      const firstChoice = first?.variations[0];
      if (first && firstChoice)
        document.getElementById(attributeInputId(first.id, firstChoice.id))?.focus();
      return;
    }
    if (adding) return;
    void addProduct(product, chosenAttributes(attributes, selection));
  }

  const crumbs: Crumb[] = [
    { label: t('catalog.list.title'), to: '/products' },
    ...categoryPath.map((category) => ({
      label: inLanguage(lang, category.name, category.name_en),
      to: `/category/${encodeURIComponent(category.slug)}`,
    })),
    { label: name },
  ];
  // The product's details as a page for everyone first shows them (nothing chosen, nothing
  // added, no one signed in) are the same for everyone: kept under everything they are made of
  // (decision 070). The gallery is not: React preloads its first image as it renders it.
  const detailsKey = user
    ? null
    : `product-details|${lang}|${status}|${money.symbol}|${money.decimals}|${publicUrl}|${call}|${whatsappHref}|${sharedValueId(product) ?? JSON.stringify(product)}|${sharedValueId(attributes) ?? JSON.stringify(attributes)}`;

  const breadcrumbData = breadcrumbJsonLd(
    breadcrumbSteps(crumbs, { homeLabel: t('catalog.breadcrumb.home'), path: productPath, url }),
  );

  return (
    <Container className="py-6 sm:py-8">
      <JsonLdScripts values={[productData, breadcrumbData]} />
      <Breadcrumb items={crumbs} />

      <div className="mt-4 grid gap-6 lg:grid-cols-2 lg:gap-10">
        <ProductGallery images={product.gallery} name={name} />

        <SameMarkup as="div" markupKey={detailsKey} className="flex flex-col gap-5">
          <div>
            {categoryName && product.category_slug && (
              <Link
                to={localized(`/category/${encodeURIComponent(product.category_slug)}`)}
                className="inline-flex min-h-11 min-w-11 items-center text-sm font-semibold text-brand-700 hover:underline lg:min-h-0 lg:min-w-0"
              >
                {categoryName}
              </Link>
            )}
            <h1 className="mt-1 text-2xl font-semibold text-stone-900 sm:text-3xl">
              <bdi>{name}</bdi>
            </h1>
            {product.review_count > 0 ? (
              <a href="#product-reviews" className="mt-1 inline-flex min-h-11 items-center lg:min-h-0">
                <ReviewStars average={product.review_average} count={product.review_count} size="md" />
              </a>
            ) : null}
            {shortDescription && (
              <p className="mt-2 text-stone-600">
                <bdi>{shortDescription}</bdi>
              </p>
            )}
          </div>

          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-3">
              <SalePrice current={prices.current} original={prices.original} size="lg" />
              <SaleBadge percent={prices.percent} />
            </div>
            {prices.surcharge > 0 && (
              <p className="text-sm text-stone-600">
                {t('catalog.detail.includes_options')} <Price value={prices.surcharge} />
              </p>
            )}
            <StockBadge product={product} />
          </div>

          {attributes.length > 0 && (
            <AttributePicker
              attributes={attributes}
              selection={selection}
              errors={attempted ? messages.byAttribute : new Map()}
              onChoose={choose}
            />
          )}

          <div className="flex flex-col gap-3">
            {/* On a phone the bottom bar carries this button, always in reach. */}
            <AddToCartAction soldOut={!inStock} canAdd={canAdd} adding={adding} onAdd={addToCart} className="w-full max-lg:hidden" />
            <div id="add-to-cart-hint" aria-live="polite" className="text-sm">
              {stockMessage ? (
                <p className="font-semibold text-red-700">{stockMessage}</p>
              ) : (
                inStock &&
                messages.summary && (
                  <p className={attempted ? 'font-semibold text-red-700' : 'text-stone-600'}>
                    {messages.summary}
                  </p>
                )
              )}
            </div>
            <WishlistHeart productId={product.id} name={name} variant="page" />
            {!inStock && <BackInStockForm productId={product.id} />}
            {(call || whatsappHref) && (
              <div className="flex flex-wrap gap-3">
                {call && (
                  <a
                    href={call}
                    className={buttonClasses('secondary', 'md', 'flex-1 sm:flex-none')}
                  >
                    <PhoneIcon className="size-5" />
                    {t('catalog.detail.call')}
                  </a>
                )}
                {whatsappHref && (
                  <a
                    href={whatsappHref}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClasses(
                      'secondary',
                      'md',
                      'flex-1 border-emerald-600 text-emerald-800 hover:bg-emerald-50 sm:flex-none',
                    )}
                  >
                    <WhatsAppIcon className="size-5" />
                    {t('catalog.detail.whatsapp')}
                  </a>
                )}
              </div>
            )}
          </div>

          {product.sku && (
            <p className="text-xs text-stone-500">
              {t('catalog.detail.sku')} <bdi>{product.sku}</bdi>
            </p>
          )}
        </SameMarkup>
      </div>

      {description && (
        <section aria-labelledby="product-description" className="mt-10 max-w-3xl">
          <h2 id="product-description" className="text-xl font-semibold text-stone-900">
            {t('catalog.detail.description')}
          </h2>
          <p dir="auto" className="mt-3 leading-relaxed whitespace-pre-line text-stone-700">
            {description}
          </p>
        </section>
      )}

      {reviews ? <ProductReviews productId={product.id} initial={reviews} /> : null}

      <StickyActionBar
        summary={
          <>
            <SalePrice current={prices.current} original={prices.original} />
            <ChosenOptions attributes={attributes} selection={selection} />
          </>
        }
      >
        <AddToCartAction soldOut={!inStock} canAdd={canAdd} adding={adding} onAdd={addToCart} className="px-5" />
      </StickyActionBar>

      <Suspense fallback={<RelatedPlaceholder />}>
        <Await resolve={related} errorElement={null}>
          {(products) =>
            products.length > 0 ? (
              <section aria-labelledby="related-products" className="mt-12">
                <h2 id="related-products" className="mb-4 text-xl font-semibold text-stone-900">
                  {t('catalog.detail.related')}
                </h2>
                <ProductGrid products={products} heading="h3" />
              </section>
            ) : null
          }
        </Await>
      </Suspense>
    </Container>
  );
}

/**
 * The add-to-cart button, on the page (desktop) or in the bottom bar (phone); busy while adding.
 * A sold-out product's button says so and is disabled; one with choices missing stays focusable,
 * since a tap on it points at them.
 */
function AddToCartAction({
  soldOut,
  canAdd,
  adding,
  onAdd,
  className,
}: {
  soldOut: boolean;
  canAdd: boolean;
  adding: boolean;
  onAdd: () => void;
  className: string;
}) {
  const { t } = useI18n();
  if (soldOut) {
    return (
      <button type="button" disabled className={`${unavailableButton} ${className}`}>
        {t('catalog.detail.sold_out')}
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={onAdd}
      aria-disabled={!canAdd || adding}
      aria-busy={adding}
      aria-describedby="add-to-cart-hint"
      className={canAdd ? buttonClasses('primary', 'lg', className) : `${unavailableButton} ${className}`}
    >
      {adding ? <ButtonSpinner /> : <CartIcon className="size-5" />}
      {adding ? t('cart.adding') : t('catalog.detail.add_to_cart')}
    </button>
  );
}

/**
 * The bottom bar's reminder of what is being bought: the chosen options. What is still to choose
 * is said once, by the pickers (a tap on the bar's button takes the shopper there).
 */
function ChosenOptions({
  attributes,
  selection,
}: {
  attributes: readonly ProductAttribute[];
  selection: AttributeSelection;
}) {
  const { lang } = useI18n();
  const chosen = attributes.flatMap((attribute) => {
    const variation = attribute.variations.find((item) => item.id === selection[attribute.id]);
    return variation ? [{ attributeId: attribute.id, title: variationTitle(lang, variation) }] : [];
  });
  if (chosen.length === 0) return null;
  return (
    <p data-testid="bar-chosen-options" className="truncate text-xs text-stone-600">
      {chosen.map((choice, index) => (
        <span key={choice.attributeId}>
          {index > 0 && ' · '}
          <bdi>{choice.title}</bdi>
        </span>
      ))}
    </p>
  );
}

/** The add payload's selected_attributes: each chosen variation's id and title, by attribute id. */
function chosenAttributes(
  attributes: readonly ProductAttribute[],
  selection: AttributeSelection,
): SelectedAttributesInput {
  const chosen: SelectedAttributesInput = {};
  for (const attribute of attributes) {
    const variation = attribute.variations.find((item) => item.id === selection[attribute.id]);
    if (variation) chosen[attribute.id] = { variation_id: variation.id, title: variation.title };
  }
  return chosen;
}

/** Keeps the space of the related products while they stream in. */
function RelatedPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="mt-12 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
    >
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="aspect-[3/4] animate-pulse rounded-2xl bg-stone-200/60" />
      ))}
    </div>
  );
}

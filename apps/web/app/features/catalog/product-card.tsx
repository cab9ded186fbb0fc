import { Link } from 'react-router';
import {
  discountPercent,
  inLanguage,
  toThousandths,
  type MoneyFormat,
  type Product,
} from '@shop/shared';
import { SaleBadge, SalePrice, useMoneyFormat } from '../../components/ui/price';
import { useI18n } from '../../i18n/i18n';
import { StockBadge } from '../../components/ui/stock-badge';
import { ReviewStars } from '../../components/ui/review-stars';
import { AddToCartButton } from '../cart/add-to-cart-button';
import { CatalogImage, ImagePlaceholder } from './product-image';
import { useLocalizedPath } from '../../lib/localized-path';
import { WishlistHeart } from '../wishlist/wishlist-heart';
import { SameMarkup, sharedValueId } from '../../lib/same-markup';

/** Image widths of a card in the product grid (2 columns on phones, 3 on tablets, 4 from lg up). */
export const PRODUCT_CARD_IMAGE_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw';

export type ProductCardHeading = 'h2' | 'h3';

/** The prices of a product as integer thousandths, and the sale percentage. */
/**
 * What a card shows. Listing loaders send only these fields to the browser: a product's
 * descriptions (in both languages) and image list are the detail page's, and in a grid of
 * cards they doubled the page's data for nothing.
 */
export type CardProduct = Pick<
  Product,
  | 'id'
  | 'name'
  | 'name_en'
  | 'price'
  | 'sale_price'
  | 'current_price'
  | 'stock_quantity'
  | 'manage_stock'
  | 'in_stock'
  | 'featured_image'
  | 'category_name'
  | 'category_name_en'
  | 'review_average'
  | 'review_count'
>;

/** The cards of the frozen products every page shares (the kept replies), made once each. */
const sharedCards = new WeakMap<CardProduct, CardProduct>();

/**
 * A listed product cut down to what its card shows. A product every page shares (frozen, from a
 * kept reply) gives the same frozen card each time, which its card's markup is kept under.
 */
export function cardProduct(product: CardProduct): CardProduct {
  if (!Object.isFrozen(product)) return cardFields(product);
  let card = sharedCards.get(product);
  if (card === undefined) {
    card = Object.freeze(cardFields(product));
    sharedCards.set(product, card);
  }
  return card;
}

function cardFields(product: CardProduct): CardProduct {
  const { id, name, name_en, price, sale_price, current_price } = product;
  const {
    stock_quantity,
    manage_stock,
    in_stock,
    featured_image,
    category_name,
    category_name_en,
  } = product;
  const { review_average, review_count } = product;
  return {
    id,
    name,
    name_en,
    price,
    sale_price,
    current_price,
    stock_quantity,
    manage_stock,
    in_stock,
    featured_image,
    category_name,
    category_name_en,
    review_average,
    review_count,
  };
}

export function productPrices(product: Pick<Product, 'price' | 'sale_price' | 'current_price'>) {
  const price = toThousandths(product.price);
  const salePrice = product.sale_price === null ? null : toThousandths(product.sale_price);
  return {
    price,
    current: toThousandths(product.current_price),
    percent: discountPercent(price, salePrice),
  };
}

/**
 * Everything a card's markup is made of (decision 070): a product every page shares by its name,
 * any other by its fields.
 */
export function productCardKey(
  product: CardProduct,
  heading: ProductCardHeading,
  heart: boolean,
  lang: string,
  money: MoneyFormat,
): string {
  const made = sharedValueId(product) ?? JSON.stringify(cardProduct(product));
  return `card|${lang}|${heading}|${heart}|${money.symbol}|${money.decimals}|${made}`;
}

/**
 * A product in a listing. The whole card links to the product page (the name's link is stretched
 * over it); the add-to-cart button and the wishlist's heart sit above that link.
 */
export function ProductCard({
  product,
  heading: Heading = 'h3',
  eager = false,
  heart = true,
}: {
  product: CardProduct;
  heading?: ProductCardHeading;
  /** Load the image at once (cards in the first visible row). */
  eager?: boolean;
  /** The wishlist's heart (the wishlist page offers its own remove button instead). */
  heart?: boolean;
}) {
  const localized = useLocalizedPath();
  const { lang } = useI18n();
  const money = useMoneyFormat();
  const { price, current, percent } = productPrices(product);
  const name = inLanguage(lang, product.name, product.name_en);
  const categoryName = inLanguage(lang, product.category_name, product.category_name_en);
  // An eager card's image is preloaded as it renders: it is rendered each time.
  const markupKey = eager ? null : productCardKey(product, Heading, heart, lang, money);
  return (
    <SameMarkup
      as="article"
      markupKey={markupKey}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:border-brand-600/40 hover:shadow-md"
    >
      <div className="relative aspect-square overflow-hidden bg-sand-100">
        {product.featured_image ? (
          <CatalogImage
            src={product.featured_image}
            alt={name}
            sizes={PRODUCT_CARD_IMAGE_SIZES}
            eager={eager}
            className="size-full object-cover transition duration-300 group-hover:scale-105"
          />
        ) : (
          <ImagePlaceholder className="size-full" />
        )}
        <SaleBadge percent={percent} className="absolute start-2 top-2" />
        {heart && <WishlistHeart productId={product.id} name={name} variant="card" />}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        {categoryName && <p className="text-xs text-stone-500">{categoryName}</p>}
        <Heading className="line-clamp-2 text-sm leading-snug font-semibold text-stone-900 sm:text-base">
          <Link
            to={localized(`/products/${product.id}`)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-brand-600"
          >
            {name}
          </Link>
        </Heading>
        <ReviewStars average={product.review_average} count={product.review_count} />
        <SalePrice current={current} original={price} />
        <StockBadge product={product} />
        <AddToCartButton product={product} />
      </div>
    </SameMarkup>
  );
}

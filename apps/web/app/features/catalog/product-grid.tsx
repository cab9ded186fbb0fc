import type { MoneyFormat } from '@shop/shared';
import { useMoneyFormat } from '../../components/ui/price';
import { useI18n } from '../../i18n/i18n';
import { SameMarkup, sharedValueId } from '../../lib/same-markup';
import {
  ProductCard,
  productCardKey,
  type CardProduct,
  type ProductCardHeading,
} from './product-card';

/**
 * The key a grid's markup is kept under when every card is one every page shares (frozen, from a
 * kept reply): its cards' own keys. Null when a card is a page's own, or when cards load their
 * image at once (they preload it as they render).
 */
export function productGridKey(
  products: readonly CardProduct[],
  heading: ProductCardHeading,
  eagerCount: number,
  lang: string,
  money: MoneyFormat,
): string | null {
  if (eagerCount > 0 || products.some((product) => sharedValueId(product) === null)) return null;
  const cards = products.map((product) => productCardKey(product, heading, true, lang, money));
  return `grid|${cards.join('\n')}`;
}

/** Products in a responsive grid: 2 columns on phones, 3 on tablets, 4 on desktops. */
export function ProductGrid({
  products,
  heading = 'h3',
  eagerCount = 0,
}: {
  products: readonly CardProduct[];
  /** Heading level of each product name, one below the section's heading. */
  heading?: ProductCardHeading;
  /** How many leading cards load their image at once (the first visible row). */
  eagerCount?: number;
}) {
  const { lang } = useI18n();
  const money = useMoneyFormat();
  return (
    // A grid of shared cards is the same for everyone: kept whole, like each card (decision 070).
    <SameMarkup
      as="ul"
      markupKey={productGridKey(products, heading, eagerCount, lang, money)}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
    >
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} heading={heading} eager={index < eagerCount} />
        </li>
      ))}
    </SameMarkup>
  );
}

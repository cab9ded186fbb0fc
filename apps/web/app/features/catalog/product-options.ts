import {
  discountPercent,
  toThousandths,
  type Language,
  type Product,
  type ProductAttribute,
  type Thousandths,
} from '@shop/shared';
import { attributeName } from '../../lib/localized';

/** The shopper's choices on a product page: attribute id -> variation id. */
export type AttributeSelection = Readonly<Record<number, number>>;

type Translate = (
  key: 'catalog.detail.choose_attribute' | 'catalog.detail.choose_all',
  params?: Record<string, string>,
) => string;

/** Every attribute that has variations must be chosen. */
export function requiredAttributes(attributes: readonly ProductAttribute[]): ProductAttribute[] {
  return attributes.filter((attribute) => attribute.variations.length > 0);
}

function chosenVariation(attribute: ProductAttribute, selection: AttributeSelection) {
  const variationId = selection[attribute.id];
  return variationId === undefined
    ? undefined
    : attribute.variations.find((variation) => variation.id === variationId);
}

/** Required attributes without a (valid) choice, in the product's order. */
export function missingAttributes(
  attributes: readonly ProductAttribute[],
  selection: AttributeSelection,
): ProductAttribute[] {
  return requiredAttributes(attributes).filter(
    (attribute) => chosenVariation(attribute, selection) === undefined,
  );
}

/**
 * The validation messages of the attribute pickers: 'please choose {attribute}' for each missing
 * attribute and 'please choose all required attributes' when any is missing.
 */
export function attributeMessages(
  attributes: readonly ProductAttribute[],
  selection: AttributeSelection,
  t: Translate,
  lang: Language,
): { byAttribute: Map<number, string>; summary: string | null } {
  const missing = missingAttributes(attributes, selection);
  return {
    byAttribute: new Map(
      missing.map((attribute) => [
        attribute.id,
        t('catalog.detail.choose_attribute', { attribute: attributeName(lang, attribute) }),
      ]),
    ),
    summary: missing.length > 0 ? t('catalog.detail.choose_all') : null,
  };
}

/** Sum of the chosen variations' surcharges, in thousandths. */
export function surchargeTotal(
  attributes: readonly ProductAttribute[],
  selection: AttributeSelection,
): Thousandths {
  return attributes.reduce((total, attribute) => {
    const variation = chosenVariation(attribute, selection);
    return variation ? total + toThousandths(variation.additional_price) : total;
  }, 0);
}

/**
 * What the product costs with the chosen variations: the price to pay (current price plus
 * surcharges), the regular price plus the same surcharges (struck through on sale), and the
 * sale percentage of the base prices. All integer thousandths; the server re-prices anyway.
 */
export function priceWithOptions(
  product: Pick<Product, 'price' | 'sale_price' | 'current_price'>,
  attributes: readonly ProductAttribute[],
  selection: AttributeSelection,
): { current: Thousandths; original: Thousandths; surcharge: Thousandths; percent: number } {
  const surcharge = surchargeTotal(attributes, selection);
  const price = toThousandths(product.price);
  const salePrice = product.sale_price === null ? null : toThousandths(product.sale_price);
  return {
    current: toThousandths(product.current_price) + surcharge,
    original: price + surcharge,
    surcharge,
    percent: discountPercent(price, salePrice),
  };
}

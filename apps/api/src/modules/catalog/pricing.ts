import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { effectivePrice, isInStock, uploadUrl, type BilingualText } from '@shop/shared';
import type { Database } from '../../db/client.js';
import {
  attributeVariations,
  attributes,
  productAttributeVariations,
  productImages,
  products,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { groupBy } from './presenters.js';
import { published, qualifiedProductId } from './product-rows.js';

/** A line to price: a product, a quantity and the chosen variation id per attribute id. */
export interface PriceLineInput {
  product_id: number;
  quantity: number;
  /** Attribute id (as a string key) → variation id. */
  selected: Readonly<Record<string, number>>;
}

/** A chosen variation as priced now; additional_price in thousandths. */
export interface PricedSelection {
  attribute_id: number;
  attribute_name: string;
  attribute_name_en: string | null;
  variation_id: number;
  title: string;
  title_en: string | null;
  additional_price: number;
}

/** A line priced from the database; money in thousandths. */
export interface PricedLine {
  product_id: number;
  quantity: number;
  name: string;
  name_en: string | null;
  short_description: string | null;
  /** The product's SKU when priced: the order item keeps it. */
  sku: string | null;
  featured_image: string | null;
  stock_quantity: number;
  manage_stock: boolean;
  in_stock: boolean;
  /** Keyed by attribute id. */
  selected_attributes: Record<string, PricedSelection>;
  /** Current price (sale price when set) plus the chosen variations' surcharges for this product. */
  unit_price: number;
}

type LinePricing =
  | { ok: true; line: PricedLine }
  | { ok: false; reason: 'product_not_found' }
  | { ok: false; reason: 'variation_not_offered' }
  | { ok: false; reason: 'choice_missing'; attributes: BilingualText[] };

/**
 * Prices cart and order lines from the database as they are now, never from a cache: the cart
 * and orders price every line with it.
 */
export function createPricingService(db: Database) {
  /** The products of all lines and their offered variations in two statements, then each line. */
  async function priceLineResults(lines: readonly PriceLineInput[]): Promise<LinePricing[]> {
    const ids = [...new Set(lines.map((line) => line.product_id))];
    if (ids.length === 0) return [];
    const [productRows, offerRows] = await Promise.all([
      db
        .select({
          id: products.id,
          name: products.name,
          name_en: products.name_en,
          short_description: products.short_description,
          sku: products.sku,
          price: products.price,
          sale_price: products.sale_price,
          stock_quantity: products.stock_quantity,
          manage_stock: products.manage_stock,
          image: sql<string | null>`(
            select image.filename from ${productImages} image
            where image.product_id = ${qualifiedProductId}
            order by image.sort_order, image.id limit 1
          )`,
        })
        .from(products)
        .where(and(inArray(products.id, ids), published)),
      db
        .select({
          product_id: productAttributeVariations.product_id,
          attribute_id: attributes.id,
          attribute_name: attributes.name,
          attribute_name_en: attributes.name_en,
          variation_id: attributeVariations.id,
          title: attributeVariations.title,
          title_en: attributeVariations.title_en,
          price: productAttributeVariations.price,
        })
        .from(productAttributeVariations)
        .innerJoin(
          attributeVariations,
          eq(attributeVariations.id, productAttributeVariations.variation_id),
        )
        .innerJoin(attributes, eq(attributes.id, attributeVariations.attribute_id))
        .where(inArray(productAttributeVariations.product_id, ids))
        .orderBy(asc(productAttributeVariations.sort_order), asc(attributeVariations.id)),
    ]);
    const productsById = new Map(productRows.map((row) => [row.id, row]));
    const offersByProduct = groupBy(offerRows, (row) => row.product_id);

    return lines.map((line): LinePricing => {
      const product = productsById.get(line.product_id);
      if (!product) return { ok: false, reason: 'product_not_found' };
      const offers = offersByProduct.get(product.id) ?? [];
      const selected_attributes: Record<string, PricedSelection> = {};
      let surcharges = 0;
      for (const [attributeKey, variationId] of Object.entries(line.selected)) {
        const offer = offers.find((row) => row.variation_id === variationId);
        if (!offer || String(offer.attribute_id) !== attributeKey) {
          return { ok: false, reason: 'variation_not_offered' };
        }
        selected_attributes[attributeKey] = {
          attribute_id: offer.attribute_id,
          attribute_name: offer.attribute_name,
          attribute_name_en: offer.attribute_name_en,
          variation_id: offer.variation_id,
          title: offer.title,
          title_en: offer.title_en,
          additional_price: offer.price,
        };
        surcharges += offer.price;
      }
      const missing = [
        ...new Map(
          offers
            .filter((row) => !(String(row.attribute_id) in selected_attributes))
            .map((row) => [row.attribute_id, { ar: row.attribute_name, en: row.attribute_name_en }]),
        ).values(),
      ];
      if (missing.length > 0) return { ok: false, reason: 'choice_missing', attributes: missing };
      return {
        ok: true,
        line: {
          product_id: product.id,
          quantity: line.quantity,
          name: product.name,
          name_en: product.name_en,
          short_description: product.short_description,
          sku: product.sku,
          featured_image: product.image ? uploadUrl('products', product.image) : null,
          stock_quantity: product.stock_quantity,
          manage_stock: product.manage_stock,
          in_stock: isInStock(product),
          selected_attributes,
          unit_price: effectivePrice(product.price, product.sale_price) + surcharges,
        },
      };
    });
  }

  return {
    /**
     * Prices cart or order lines from the database (published products only): every attribute
     * the product offers needs a choice among its offered variations. Throws NOT_FOUND or
     * VALIDATION_ERROR (details in `lang`) for the first line that cannot be priced.
     */
    async priceLines(lines: readonly PriceLineInput[]): Promise<PricedLine[]> {
      const results = await priceLineResults(lines);
      return results.map((result) => {
        if (result.ok) return result.line;
        if (result.reason === 'product_not_found') {
          throw AppError.notFound('error.product_not_found');
        }
        if (result.reason === 'variation_not_offered') {
          throw AppError.validation([
            { field: 'selected_attributes', message: 'validation.variation_not_offered' },
          ]);
        }
        throw new AppError(
          'VALIDATION_ERROR',
          'validation.attributes_required',
          result.attributes.map((attribute) => ({
            field: 'selected_attributes',
            message: 'validation.attribute_required',
            params: { attribute },
          })),
        );
      });
    },

    /**
     * Like priceLines, but a line that can no longer be priced (product unpublished or deleted,
     * variation withdrawn, a choice now missing) comes back as null instead of failing the rest.
     */
    async repriceLines(lines: readonly PriceLineInput[]): Promise<Array<PricedLine | null>> {
      const results = await priceLineResults(lines);
      return results.map((result) => (result.ok ? result.line : null));
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;

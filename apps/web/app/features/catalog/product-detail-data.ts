import { data } from 'react-router';
import {
  RELATED_PRODUCTS_COUNT,
  toThousandths,
  type CategoryListResponse,
  type Product,
  type ProductAttribute,
  type ProductAttributesResponse,
  type ProductResponse,
  type ProductReviewsResponse,
  type ProductsResponse,
  type ShippingFeeRangesResponse,
  type WebLoadContext,
} from '@shop/shared';
import { ApiError, type Api } from '../../lib/api';
import { pageParts, type PagePart } from '../../lib/page-parts';
import type { ShippingFeeSpan } from '../../lib/structured-data';
import { categoryAncestors } from './category-tree';
import { cardProduct, type CardProduct } from './product-card';
import type { CategoryCrumb } from './product-list-data';

const MAX_ID = 2_147_483_647;

/** The product id of a /products/{id} path segment, or null when it cannot be one. */
export function productIdFrom(segment: string | undefined): number | null {
  if (segment === undefined || !/^[1-9]\d{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id <= MAX_ID ? id : null;
}

export interface ProductDetailData {
  product: Product;
  attributes: ProductAttribute[];
  /** A page part (lib/page-parts.ts): related products never hold up the first paint. */
  related: PagePart<CardProduct[]>;
  /** The product's category and its ancestors, outermost first; empty without a category. */
  categoryPath: CategoryCrumb[];
  /** What delivery costs per country, for the structured data; empty if it could not be read. */
  shipping: ShippingFeeSpan[];
  /** The first page of approved reviews with the average and count; null if it could not be read. */
  reviews: ProductReviewsResponse | null;
}

/** The category with its ancestors, outermost first, from the flat category list. */
function categoryPathOf(
  categories: CategoryListResponse['flat_categories'],
  categoryId: number | null,
): CategoryCrumb[] {
  const own = categories.find((category) => category.id === categoryId);
  if (!own) return [];
  return [...categoryAncestors(categories, own), own].map(({ name, name_en, slug }) => ({ name, name_en, slug }));
}

/** Shipping fees only add to the page's structured data: a failure leaves them out. */
function readShipping(api: Api): Promise<ShippingFeeSpan[]> {
  return api.get<ShippingFeeRangesResponse>('/locations/shipping-fees').then(
    (reply) =>
      reply.shipping_fees.map((range) => ({
        countryCode: range.country_code,
        min: toThousandths(range.min_fee),
        max: toThousandths(range.max_fee),
      })),
    (): ShippingFeeSpan[] => [],
  );
}

/**
 * The product page's data. Unknown, unpublished and malformed ids are all a 404 ('Product Not
 * Found'). Related products are requested at once as a page part, and a failure there only
 * leaves the section out.
 */
export async function loadProductDetail(
  api: Api,
  idSegment: string | undefined,
  context: Pick<WebLoadContext, 'documentRequest'>,
): Promise<ProductDetailData> {
  const id = productIdFrom(idSegment);
  if (id === null) throw data(null, { status: 404 });
  const related = api
    .get<ProductsResponse>(`/products/${id}/related`, { limit: RELATED_PRODUCTS_COUNT })
    .then(
      (reply) => reply.products.map(cardProduct),
      (): CardProduct[] => [],
    );
  try {
    const [{ product }, { attributes }, [relatedPart], categories, shipping, reviews] = await Promise.all([
      api.get<ProductResponse>(`/products/${id}`),
      api.get<ProductAttributesResponse>(`/products/${id}/attributes`),
      pageParts(context, [related]),
      // The breadcrumb falls back to the product's own category if the list cannot be read.
      api.get<CategoryListResponse>('/categories').then(
        (reply) => reply.flat_categories,
        () => null,
      ),
      readShipping(api),
      // Public, the same for everyone: rendered with the page and described in its structured data.
      api.get<ProductReviewsResponse>(`/products/${id}/reviews`).then(
        (reply) => reply,
        () => null,
      ),
    ]);
    const categoryPath = categories
      ? categoryPathOf(categories, product.category_id)
      : product.category_slug
        ? [{ name: product.category_name ?? '', name_en: product.category_name_en, slug: product.category_slug }]
        : [];
    return { product, attributes, related: relatedPart, categoryPath, shipping, reviews };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404 });
    throw error;
  }
}

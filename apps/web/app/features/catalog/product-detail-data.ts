import { data } from 'react-router';
import {
  RELATED_PRODUCTS_COUNT,
  type Product,
  type ProductAttribute,
  type ProductAttributesResponse,
  type ProductResponse,
  type ProductsResponse,
  type WebLoadContext,
} from '@shop/shared';
import { ApiError, type Api } from '../../lib/api';
import { pageParts, type PagePart } from '../../lib/page-parts';
import { cardProduct, type CardProduct } from './product-card';

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
    const [{ product }, { attributes }, [relatedPart]] = await Promise.all([
      api.get<ProductResponse>(`/products/${id}`),
      api.get<ProductAttributesResponse>(`/products/${id}/attributes`),
      pageParts(context, [related]),
    ]);
    return { product, attributes, related: relatedPart };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404 });
    throw error;
  }
}

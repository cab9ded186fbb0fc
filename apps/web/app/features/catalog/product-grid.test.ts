import { describe, expect, it } from 'vitest';
import { cardProduct, type CardProduct } from './product-card';
import { productGridKey } from './product-grid';

const product = (id: number, price = 12.5): CardProduct => ({
  id,
  name: `سبحة ${id}`,
  name_en: `Rosary ${id}`,
  price,
  sale_price: null,
  current_price: price,
  stock_quantity: 3,
  manage_stock: true,
  in_stock: true,
  featured_image: null,
  category_name: 'كهرمان',
  category_name_en: 'Amber',
  review_average: null,
  review_count: 0,
});
/** A card of a product every page shares: frozen, as the kept replies' products are. */
const shared = (id: number, price?: number) => cardProduct(Object.freeze(product(id, price)));
const kd = { symbol: 'د.ك', decimals: 3 } as const;

describe('productGridKey', () => {
  it('names a grid of shared cards by its cards, the same each time', () => {
    const cards = [shared(1), shared(2)];
    const key = productGridKey(cards, 'h3', 0, 'ar', kd);
    expect(key).not.toBeNull();
    expect(productGridKey([...cards], 'h3', 0, 'ar', kd)).toBe(key);
  });

  it('changes with a card, their order, the language, the heading and the money', () => {
    const [one, two] = [shared(1), shared(2)];
    const key = productGridKey([one, two], 'h3', 0, 'ar', kd);
    const others = [
      productGridKey([two, one], 'h3', 0, 'ar', kd),
      productGridKey([one, shared(2, 13)], 'h3', 0, 'ar', kd),
      productGridKey([one], 'h3', 0, 'ar', kd),
      productGridKey([one, two], 'h3', 0, 'en', kd),
      productGridKey([one, two], 'h2', 0, 'ar', kd),
      productGridKey([one, two], 'h3', 0, 'ar', { symbol: 'KD', decimals: 3 }),
      productGridKey([one, two], 'h3', 0, 'ar', { symbol: 'د.ك', decimals: 2 }),
    ];
    for (const other of others) expect(other).not.toBe(key);
    expect(new Set(others).size).toBe(others.length);
  });

  it('keeps nothing whole when a card is a page’s own or cards load their image at once', () => {
    expect(productGridKey([shared(1), cardProduct(product(2))], 'h3', 0, 'ar', kd)).toBeNull();
    expect(productGridKey([shared(1), shared(2)], 'h3', 1, 'ar', kd)).toBeNull();
  });
});

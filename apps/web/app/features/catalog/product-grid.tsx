import { ProductCard, type CardProduct, type ProductCardHeading } from './product-card';

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
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} heading={heading} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

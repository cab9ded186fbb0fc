import { stockLevel, type StockLevel } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';

interface StockInput {
  stock_quantity: number;
  manage_stock: boolean;
  in_stock: boolean;
}

/**
 * The stock level shown for a product. Without stock management the quantity means nothing,
 * so only the server's in_stock flag counts.
 */
export function productStockLevel(product: StockInput): StockLevel {
  if (!product.in_stock) return 'out';
  if (!product.manage_stock) return 'normal';
  return stockLevel(product.stock_quantity);
}

const styles: Record<StockLevel, { badge: string; dot: string }> = {
  out: { badge: 'bg-red-50 text-red-700 ring-red-200', dot: 'bg-red-600' },
  low: { badge: 'bg-yellow-50 text-yellow-800 ring-yellow-300', dot: 'bg-yellow-500' },
  normal: { badge: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-600' },
};

/** Out of stock (red), low stock with the quantity left (yellow), in stock (green). */
export function StockBadge({
  product,
  className = '',
}: {
  product: StockInput;
  className?: string;
}) {
  const { t, tp } = useI18n();
  const level = productStockLevel(product);
  const text =
    level === 'out'
      ? t('catalog.stock.out')
      : level === 'low'
        ? tp('catalog.stock.low', product.stock_quantity)
        : t('catalog.stock.in');
  return (
    <span
      className={`inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${styles[level].badge} ${className}`}
      data-stock={level}
    >
      <span className={`size-1.5 rounded-full ${styles[level].dot}`} aria-hidden="true" />
      {text}
    </span>
  );
}

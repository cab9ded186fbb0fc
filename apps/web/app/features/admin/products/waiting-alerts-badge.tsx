import { useI18n } from '../../../i18n/i18n';
import { Badge } from '../ui/resource-list';

/** "3 waiting to hear it is back": shoppers who asked to be e-mailed when the product is back (docs/decisions/063). */
export function WaitingAlertsBadge({ count }: { count: number | undefined }) {
  const { tp } = useI18n();
  if (!count) return null;
  return <Badge tone="blue">{tp('admin-products.stock_alerts.waiting', count)}</Badge>;
}

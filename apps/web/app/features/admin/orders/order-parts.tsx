import { statusPaymentConflict, type OrderStatus, type PaymentMethod, type PaymentStatus } from '@shop/shared';
import { useMoneyFormat } from '../../../components/ui/price';
import { useI18n } from '../../../i18n/i18n';
import { controlClass } from '../ui/fields';
import { Badge } from '../ui/resource-list';
import { adminAmount, orderStatusLabels, statusChoices, statusTone } from './order-rules';

/** The status badge: pending yellow … cancelled red, others grey. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useI18n();
  return <Badge tone={statusTone(status)}>{t(orderStatusLabels[status])}</Badge>;
}

/** An amount as charged, with the store's symbol ("12.500 KD"). */
export function AdminAmount({ amount, className }: { amount: number; className?: string }) {
  const money = useMoneyFormat();
  return <bdi className={`tabular-nums ${className ?? ''}`}>{adminAmount(amount, money)}</bdi>;
}

/** The order's date as the shop writes dates (decision 051), with the time on hover. */
export function OrderDate({ iso }: { iso: string }) {
  const { formatDate, formatDateTime } = useI18n();
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className="whitespace-nowrap tabular-nums">
      {formatDate(iso)}
    </time>
  );
}

/** A select of the statuses the admin may choose (any status from any status). */
export function StatusSelect({
  id,
  value,
  current,
  payment,
  onValue,
  label,
  disabled,
  className,
}: {
  id: string;
  value: OrderStatus;
  /** The order's status now: its own status stays offered even when it is not one of the six. */
  current: OrderStatus;
  /** The order's payment: a status that would disagree with it is offered but disabled (the server refuses it). */
  payment: { payment_method: PaymentMethod; payment_status: PaymentStatus };
  onValue: (status: OrderStatus) => void;
  /** The accessible name when no <label> points at the select. */
  label?: string;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useI18n();
  const choices = statusChoices(current);
  return (
    <select
      id={id}
      value={value}
      aria-label={label}
      disabled={disabled}
      onChange={(event) => {
        const next = choices.find((status) => status === event.target.value);
        if (next) onValue(next);
      }}
      className={`${controlClass} border-stone-300 ${className ?? ''}`}
    >
      {choices.map((status) => (
        <option key={status} value={status} disabled={status !== current && statusPaymentConflict(payment, status) !== null}>
          {t(orderStatusLabels[status])}
        </option>
      ))}
    </select>
  );
}

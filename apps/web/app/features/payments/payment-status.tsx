import type { PaymentStatus } from '@shop/shared';
import { useI18n, type MessageKey } from '../../i18n/i18n';

/** The payment status texts, shared by the tracking page and the back office. */
export const paymentStatusLabels: Record<PaymentStatus, MessageKey> = {
  not_required: 'payments.status.not_required',
  awaiting_payment: 'payments.status.awaiting_payment',
  paid: 'payments.status.paid',
  failed: 'payments.status.failed',
  refunded: 'payments.status.refunded',
};

export type PaymentTone = 'green' | 'yellow' | 'red' | 'grey';

export const paymentStatusTones: Record<PaymentStatus, PaymentTone> = {
  not_required: 'grey',
  awaiting_payment: 'yellow',
  paid: 'green',
  failed: 'red',
  refunded: 'grey',
};

const toneClasses: Record<PaymentTone, string> = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-800',
  grey: 'bg-stone-100 text-stone-700',
};

/** A pill with the payment status; a paid order says when ("Paid on …") when `withDate`. */
export function PaymentStatusBadge({
  status,
  paidAt,
  withDate = false,
}: {
  status: PaymentStatus;
  paidAt: string | null;
  withDate?: boolean;
}) {
  const { t, formatDateTime } = useI18n();
  const text =
    withDate && status === 'paid' && paidAt ? t('payments.status.paid_on', { date: formatDateTime(paidAt) }) : t(paymentStatusLabels[status]);
  return (
    <span
      data-testid="payment-status"
      data-payment-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${toneClasses[paymentStatusTones[status]]}`}
    >
      {text}
    </span>
  );
}

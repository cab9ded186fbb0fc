import type { Language } from '../constants.js';

/** API texts of online payment through UPayments (see api-messages.ts). */
export const paymentsMessages = {
  'payment.reference_invalid': {
    ar: 'مرجع الدفع غير صحيح',
    en: 'The payment reference is invalid',
  },
  'payment.information_missing': {
    ar: 'معلومات الدفع غير موجودة',
    en: 'Payment information is missing',
  },
  'payment.failed_try_again': {
    ar: 'فشل الدفع، يرجى المحاولة مرة أخرى. سلة التسوق محفوظة',
    en: 'Payment failed. Please try again. Your cart has been kept',
  },
  'payment.nothing_to_pay': {
    ar: 'لا يوجد مبلغ للدفع الإلكتروني في هذا الطلب؛ اختر الدفع عند الاستلام',
    en: 'This order has nothing to pay online; choose cash on delivery',
  },
  'payment.not_found': {
    ar: 'لم يتم العثور على عملية الدفع لهذا الطلب',
    en: 'No payment was found for this order',
  },
  'payment.not_refundable': {
    ar: 'لا يمكن استرداد هذا الطلب: فقط الطلبات المدفوعة إلكترونياً يمكن استردادها',
    en: 'This order cannot be refunded: only paid online orders can be refunded',
  },
  'payment.refund_failed': {
    ar: 'رفضت UPayments عملية الاسترداد أو تعذر الوصول إليها؛ لم يتغير شيء',
    en: 'UPayments refused the refund or could not be reached; nothing was changed',
  },
  'payment.charge_description': { ar: 'طلب {number}', en: 'Order {number}' },
  'payment.confirmed_history': { ar: 'تم تأكيد الدفع', en: 'Payment confirmed' },
  'payment.failed_history': { ar: 'فشل الدفع أو أُلغي', en: 'Payment failed or was cancelled' },
  'payment.abandoned_history': {
    ar: 'لم يكتمل الدفع في الوقت المحدد',
    en: 'Payment was not completed in time',
  },
  'payment.refunded_history': { ar: 'تم استرداد المبلغ عبر UPayments', en: 'Refunded through UPayments' },
  // A payment captured after its order was cancelled (docs/decisions/038): never silent.
  'payment.late_capture_reinstated_history': {
    ar: 'وصل الدفع بعد إلغاء الطلب: أُعيد فتح الطلب وحُجزت القطع من جديد',
    en: 'Payment arrived after the order was cancelled: the order was reopened and its pieces taken again',
  },
  'payment.late_capture_refunded_history': {
    ar: 'وصل الدفع بعد إلغاء الطلب ولم تعد القطع متوفرة: تم استرداد المبلغ عبر UPayments',
    en: 'Payment arrived after the order was cancelled and its pieces were gone: refunded through UPayments',
  },
  'payment.late_capture_refund_failed_history': {
    ar: 'وصل الدفع بعد إلغاء الطلب ولم تعد القطع متوفرة، وتعذّر الاسترداد التلقائي: يجب استرداد المبلغ يدوياً',
    en: 'Payment arrived after the order was cancelled and its pieces were gone; the automatic refund failed: refund it by hand',
  },
} as const satisfies Record<string, Record<Language, string>>;

import type { Language } from '../constants.js';
import type { ApiText } from '../api-messages.js';

/** API texts of order placement's abuse limits and idempotency (see api-messages.ts). */
export const ordersMessages = {
  'order.idempotency_key_reused': {
    ar: 'مفتاح Idempotency-Key هذا استُخدم لطلب مختلف؛ استخدم مفتاحاً جديداً لطلب جديد',
    en: 'This Idempotency-Key was used for a different order; use a new key for a new order',
  },
  'order.too_many_for_contact': {
    ar: 'طلبات كثيرة جداً بهذا البريد الإلكتروني أو رقم الهاتف، يرجى المحاولة لاحقاً',
    en: 'Too many orders with this email or phone number, please try again later',
  },
  'order.quantity_over_limit': {
    ar: {
      zero: 'لا يمكن طلب "{product}" في هذا الطلب',
      one: 'لا يمكن طلب أكثر من قطعة واحدة من "{product}" في الطلب الواحد',
      two: 'لا يمكن طلب أكثر من قطعتين من "{product}" في الطلب الواحد',
      few: 'لا يمكن طلب أكثر من {count} قطع من "{product}" في الطلب الواحد',
      many: 'لا يمكن طلب أكثر من {count} قطعة من "{product}" في الطلب الواحد',
      other: 'لا يمكن طلب أكثر من {count} قطعة من "{product}" في الطلب الواحد',
    },
    en: {
      one: 'At most 1 piece of "{product}" can be ordered at once',
      other: 'At most {count} pieces of "{product}" can be ordered at once',
    },
  },
  'orders.status_invalid': { ar: 'حالة الطلب غير صحيحة', en: 'The order status is invalid' },
  'orders.city_invalid': { ar: 'المدينة المختارة غير صحيحة', en: 'The chosen city is invalid' },
  'orders.notes_invalid': { ar: 'الملاحظات غير صحيحة', en: 'The notes are invalid' },
  'orders.notes_too_long': {
    ar: 'الملاحظات يجب ألا تزيد على 1000 حرف',
    en: 'The notes must be at most 1000 characters',
  },
  'orders.deleted': { ar: 'تم حذف الطلب {number}', en: 'Order {number} was deleted' },
  'orders.payment_method.cash_on_delivery': { ar: 'الدفع عند الاستلام', en: 'Cash on delivery' },
  'orders.payment_method.upayments': { ar: 'الدفع الإلكتروني', en: 'Online payment' },
} as const satisfies Record<string, Record<Language, ApiText>>;

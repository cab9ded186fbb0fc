import type { Language } from '../constants.js';

/**
 * What a customer reads about their order wherever it is written to them: the status in words
 * (the API's replies, the status e-mail) and the lines of the WhatsApp message staff send from the
 * back office, in the order's language. Part of apiMessages; kept apart so the back office takes
 * these few texts without every API text.
 */
export const orderCustomerMessages = {
  'order.status.pending': { ar: 'قيد الانتظار', en: 'Pending' },
  'order.status.processing': { ar: 'قيد المعالجة', en: 'Processing' },
  'order.status.shipped': { ar: 'تم الشحن', en: 'Shipped' },
  'order.status.delivered': { ar: 'تم التوصيل', en: 'Delivered' },
  'order.status.cancelled': { ar: 'ملغي', en: 'Cancelled' },
  'order.status.refunded': { ar: 'مسترد', en: 'Refunded' },
  'order.status.completed': { ar: 'مكتمل', en: 'Completed' },
  'order.whatsapp.greeting': { ar: 'مرحباً {name}،', en: 'Hello {name},' },
  'order.whatsapp.status': {
    ar: 'حالة طلبك رقم {number}: {status}.',
    en: 'Your order {number} is now: {status}.',
  },
  'order.whatsapp.tracking': { ar: 'تتبّع الشحنة: {url}', en: 'Track the parcel: {url}' },
  'order.whatsapp.order_page': { ar: 'تفاصيل الطلب: {url}', en: 'Order details: {url}' },
} as const satisfies Record<string, Record<Language, string>>;

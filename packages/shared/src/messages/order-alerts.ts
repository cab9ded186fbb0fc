import type { Language } from '../constants.js';

/** API texts of the staff's new-order alerts (see api-messages.ts and contracts/admin-order-alerts.ts). */
export const orderAlertsMessages = {
  'order_alerts.cursor_invalid': {
    ar: 'مؤشر الطلبات الجديدة غير صحيح',
    en: 'The new-orders cursor is invalid',
  },
  'order_alerts.wait_invalid': {
    ar: 'مدة الانتظار يجب أن تكون من 0 إلى 25 ثانية',
    en: 'The wait must be from 0 to 25 seconds',
  },
  'order_alerts.too_many_waiting': {
    ar: 'لوحة التحكم مفتوحة في نوافذ كثيرة، سيُعاد الاتصال بعد قليل',
    en: 'The back office is open in too many windows; it will reconnect shortly',
  },
  'auth.new_order_alerts_staff_only': {
    ar: 'تنبيهات الطلبات الجديدة متاحة لفريق المتجر فقط',
    en: 'New-order alerts are only for the shop staff',
  },
} as const satisfies Record<string, Record<Language, string>>;

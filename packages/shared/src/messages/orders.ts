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
  // Stock a stranger cannot hold (docs/decisions/038): what the shopper can do instead is said.
  'order.anonymous_units_over_limit': {
    ar: {
      zero: 'لا يمكن إتمام هذا الطلب كزائر',
      one: 'يمكن للزائر طلب قطعة واحدة في الطلب الواحد. لطلب أكثر سجّل الدخول بحساب بريده الإلكتروني مؤكد، أو تواصل مع المتجر عبر واتساب أو الهاتف وسنسجّل طلبك',
      two: 'يمكن للزائر طلب قطعتين في الطلب الواحد. لطلب أكثر سجّل الدخول بحساب بريده الإلكتروني مؤكد، أو تواصل مع المتجر عبر واتساب أو الهاتف وسنسجّل طلبك',
      few: 'يمكن للزائر طلب {count} قطع في الطلب الواحد. لطلب أكثر سجّل الدخول بحساب بريده الإلكتروني مؤكد، أو تواصل مع المتجر عبر واتساب أو الهاتف وسنسجّل طلبك',
      many: 'يمكن للزائر طلب {count} قطعة في الطلب الواحد. لطلب أكثر سجّل الدخول بحساب بريده الإلكتروني مؤكد، أو تواصل مع المتجر عبر واتساب أو الهاتف وسنسجّل طلبك',
      other: 'يمكن للزائر طلب {count} قطعة في الطلب الواحد. لطلب أكثر سجّل الدخول بحساب بريده الإلكتروني مؤكد، أو تواصل مع المتجر عبر واتساب أو الهاتف وسنسجّل طلبك',
    },
    en: {
      one: 'A guest order can hold 1 piece. To order more, sign in with an account whose e-mail is verified, or contact the shop on WhatsApp or by phone and we will place the order for you',
      other: 'A guest order can hold {count} pieces. To order more, sign in with an account whose e-mail is verified, or contact the shop on WhatsApp or by phone and we will place the order for you',
    },
  },
  'order.anonymous_cash_over_limit': {
    ar: 'الدفع عند الاستلام لطلبات الزوار حتى {amount} {currency}. ادفع بالبطاقة، أو سجّل الدخول بحساب بريده الإلكتروني مؤكد، أو تواصل مع المتجر عبر واتساب أو الهاتف',
    en: 'Cash on delivery for guest orders is up to {amount} {currency}. Pay by card, sign in with an account whose e-mail is verified, or contact the shop on WhatsApp or by phone',
  },
  'order.anonymous_network_over_limit': {
    ar: 'بلغت طلبات الزوار من هذا الاتصال الحد المسموح اليوم ({count} قطعة). سجّل الدخول بحساب بريده الإلكتروني مؤكد، أو تواصل مع المتجر عبر واتساب أو الهاتف وسنسجّل طلبك',
    en: 'Guest orders from this connection have reached today\'s limit ({count} pieces). Sign in with an account whose e-mail is verified, or contact the shop on WhatsApp or by phone and we will place the order for you',
  },
  'orders.status_conflict.refund_through_payment': {
    ar: 'هذا الطلب مدفوع إلكترونياً: استرد المبلغ بزر «استرداد المبلغ» (للمدير فقط)، فيُعاد المبلغ عبر UPayments وتصبح الحالة «مسترد»',
    en: 'This order was paid online: return the money with "Refund" (administrators only), which refunds it through UPayments and sets the status to refunded',
  },
  'orders.status_conflict.money_returned': {
    ar: 'أُعيد مبلغ هذا الطلب للعميل، فلا يمكن إعادة فتحه. أنشئ طلباً جديداً إن لزم',
    en: 'The money of this order was returned to the customer, so it cannot be reopened. Place a new order if needed',
  },
  'orders.status_invalid': { ar: 'حالة الطلب غير صحيحة', en: 'The order status is invalid' },
  'orders.city_invalid': { ar: 'المدينة المختارة غير صحيحة', en: 'The chosen city is invalid' },
  'orders.user_invalid': { ar: 'رقم العميل غير صحيح', en: 'The customer id is invalid' },
  'order.lookup.number_invalid': {
    ar: 'اكتب رقم الطلب كما وصلك، مثل SB-7K3M9Q2X4T',
    en: 'Enter the order number as you received it, e.g. SB-7K3M9Q2X4T',
  },
  'order.lookup.contact_required': {
    ar: 'اكتب رقم الهاتف أو البريد الإلكتروني الذي استخدمته في الطلب',
    en: 'Enter the phone number or e-mail you ordered with',
  },
  'order.lookup.contact_invalid': {
    ar: 'اكتب رقم هاتف صحيحاً أو بريداً إلكترونياً صحيحاً',
    en: 'Enter a valid phone number or e-mail address',
  },
  'order.lookup.not_found': {
    ar: 'لم نجد طلباً بهذا الرقم وبيانات التواصل هذه. تأكد منهما وحاول مرة أخرى',
    en: 'We found no order with this number and contact. Check both and try again',
  },
  'order.lookup.rate_limited': {
    ar: 'محاولات كثيرة للبحث عن طلب. انتظر بضع دقائق ثم حاول مرة أخرى',
    en: 'Too many order look-ups. Wait a few minutes, then try again',
  },
  'orders.export.date_invalid': {
    ar: 'اكتب التاريخ بالصيغة YYYY-MM-DD، مثل 2026-12-01',
    en: 'Write the date as YYYY-MM-DD, e.g. 2026-12-01',
  },
  'orders.export.range_invalid': {
    ar: 'تاريخ النهاية يجب ألا يسبق تاريخ البداية',
    en: 'The end date must not be before the start date',
  },
  'orders.export.column.number': { ar: 'رقم الطلب', en: 'Order number' },
  'orders.export.column.date': { ar: 'التاريخ (بتوقيت الكويت)', en: 'Date (Kuwait time)' },
  'orders.export.column.customer': { ar: 'العميل', en: 'Customer' },
  'orders.export.column.email': { ar: 'البريد الإلكتروني', en: 'E-mail' },
  'orders.export.column.phone': { ar: 'الهاتف', en: 'Phone' },
  'orders.export.column.city': { ar: 'المدينة', en: 'City' },
  'orders.export.column.status': { ar: 'الحالة', en: 'Status' },
  'orders.export.column.payment_method': { ar: 'طريقة الدفع', en: 'Payment method' },
  'orders.export.column.subtotal': { ar: 'المجموع الفرعي (د.ك)', en: 'Subtotal (KWD)' },
  'orders.export.column.discount': { ar: 'الخصم (د.ك)', en: 'Discount (KWD)' },
  'orders.export.column.shipping': { ar: 'الشحن (د.ك)', en: 'Shipping (KWD)' },
  'orders.export.column.total': { ar: 'الإجمالي (د.ك)', en: 'Total (KWD)' },
  'orders.export.column.refunded': { ar: 'المسترد (د.ك)', en: 'Refunded (KWD)' },
  'orders.notes_invalid': { ar: 'الملاحظات غير صحيحة', en: 'The notes are invalid' },
  'orders.notes_too_long': {
    ar: 'الملاحظات يجب ألا تزيد على 1000 حرف',
    en: 'The notes must be at most 1000 characters',
  },
  'orders.deleted': { ar: 'تم حذف الطلب {number}', en: 'Order {number} was deleted' },
  'orders.payment_method.cash_on_delivery': { ar: 'الدفع عند الاستلام', en: 'Cash on delivery' },
  'orders.payment_method.upayments': { ar: 'الدفع الإلكتروني', en: 'Online payment' },
} as const satisfies Record<string, Record<Language, ApiText>>;

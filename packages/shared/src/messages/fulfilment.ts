import type { Language } from '../constants.js';
import type { ApiText } from '../api-messages.js';

/**
 * API texts of an order's fulfilment (issue 30): its shipment (carrier, tracking number and page),
 * status changes of several orders at once and partial refunds (docs/decisions/043).
 */
export const fulfilmentMessages = {
  'orders.carrier_invalid': { ar: 'اسم شركة الشحن غير صحيح', en: 'The carrier name is invalid' },
  'orders.carrier_too_long': {
    ar: 'اسم شركة الشحن يجب ألا يزيد على 60 حرفاً',
    en: 'The carrier name must be at most 60 characters',
  },
  'orders.tracking_number_invalid': {
    ar: 'رقم التتبع يقبل الحروف والأرقام والمسافات والشرطات فقط',
    en: 'The tracking number may hold only letters, digits, spaces and hyphens',
  },
  'orders.tracking_number_too_long': {
    ar: 'رقم التتبع يجب ألا يزيد على 60 حرفاً',
    en: 'The tracking number must be at most 60 characters',
  },
  'orders.tracking_url_invalid': {
    ar: 'رابط التتبع يجب أن يكون عنواناً كاملاً يبدأ بـ https://',
    en: 'The tracking link must be a full address starting with https://',
  },
  'orders.tracking_url_too_long': {
    ar: 'رابط التتبع يجب ألا يزيد على 500 حرف',
    en: 'The tracking link must be at most 500 characters',
  },
  'orders.shipment_only_when_shipped': {
    ar: 'شركة الشحن ورقم التتبع ورابطه تُضاف فقط مع الحالة «تم الشحن»',
    en: 'The carrier, tracking number and tracking link can only be given with the status shipped',
  },
  'orders.shipment_history': { ar: 'الشحنة: {shipment}', en: 'Shipment: {shipment}' },
  'orders.shipment_cleared_history': { ar: 'حُذفت بيانات الشحنة', en: 'Shipment details removed' },
  'orders.bulk_ids_invalid': { ar: 'أرقام الطلبات غير صحيحة', en: 'The order ids are invalid' },
  'orders.bulk_ids_empty': { ar: 'اختر طلباً واحداً على الأقل', en: 'Choose at least one order' },
  'orders.bulk_ids_too_many': {
    ar: 'يمكن تغيير حالة 100 طلب على الأكثر في المرة الواحدة',
    en: 'At most 100 orders can be changed at once',
  },
  'orders.bulk_ids_duplicate': { ar: 'تكرر رقم طلب في القائمة', en: 'An order appears twice in the list' },
  'orders.bulk_updated': {
    ar: {
      zero: 'لم يُحدَّث أي طلب',
      one: 'تم تحديث طلب واحد',
      two: 'تم تحديث طلبين',
      few: 'تم تحديث {count} طلبات',
      many: 'تم تحديث {count} طلباً',
      other: 'تم تحديث {count} طلب',
    },
    en: { zero: 'No order was updated', one: '1 order updated', other: '{count} orders updated' },
  },
  'orders.bulk_refused': {
    ar: {
      one: 'ورُفض طلب واحد',
      two: 'ورُفض طلبان',
      few: 'ورُفضت {count} طلبات',
      many: 'ورُفض {count} طلباً',
      other: 'ورُفض {count} طلب',
    },
    en: { one: '1 refused', other: '{count} refused' },
  },
  'refund.body_invalid': { ar: 'بيانات الاسترداد غير صحيحة', en: 'The refund details are invalid' },
  'refund.amount_invalid': {
    ar: 'المبلغ يجب أن يكون أكبر من صفر وبثلاث منازل عشرية على الأكثر',
    en: 'The amount must be above zero, with at most 3 decimals',
  },
  'refund.amount_over_refundable': {
    ar: 'المبلغ أكبر من المتبقي للاسترداد ({amount})',
    en: 'The amount is more than what is left to refund ({amount})',
  },
  'refund.lines_invalid': { ar: 'القطع المختارة للاسترداد غير صحيحة', en: 'The refunded items are invalid' },
  'refund.lines_duplicate': { ar: 'تكرر منتج في قائمة الاسترداد', en: 'An item appears twice in the refund' },
  'refund.line_invalid': { ar: 'هذا المنتج ليس في الطلب', en: 'This item is not in the order' },
  'refund.quantity_invalid': { ar: 'الكمية يجب أن تكون عدداً صحيحاً من 1', en: 'The quantity must be a whole number from 1' },
  'refund.quantity_over': {
    ar: {
      zero: 'استُرد كل ما طُلب من «{product}»',
      one: 'يمكن استرداد قطعة واحدة فقط من «{product}»',
      two: 'يمكن استرداد قطعتين فقط من «{product}»',
      few: 'يمكن استرداد {count} قطع فقط من «{product}»',
      many: 'يمكن استرداد {count} قطعة فقط من «{product}»',
      other: 'يمكن استرداد {count} قطعة فقط من «{product}»',
    },
    en: {
      zero: 'Every piece of "{product}" was refunded already',
      one: 'Only 1 piece of "{product}" can be refunded',
      other: 'Only {count} pieces of "{product}" can be refunded',
    },
  },
  'refund.restock_invalid': {
    ar: 'حدد هل تعود القطع إلى المخزون',
    en: 'Say whether the pieces go back to stock',
  },
  'refund.restock_not_held': {
    ar: 'قطع هذا الطلب عادت إلى المخزون عند إلغائه، فلا تُعاد مرة أخرى',
    en: "This order's pieces went back to stock when it was cancelled; they cannot be returned twice",
  },
  'refund.notes_invalid': { ar: 'الملاحظة غير صحيحة', en: 'The note is invalid' },
  'refund.notes_too_long': {
    ar: 'الملاحظة يجب ألا تزيد على 500 حرف',
    en: 'The note must be at most 500 characters',
  },
  'refund.not_paid': {
    ar: 'لا يمكن استرداد مبلغ هذا الطلب: لم يُدفع إلكترونياً بعد أو أُعيد مبلغه',
    en: 'This order cannot be refunded: its online payment was not captured, or was returned already',
  },
  'refund.cash_not_collected': {
    ar: 'طلب الدفع عند الاستلام يُسترد نقداً بعد توصيله فقط، أي بعد تحصيل المبلغ. لإلغائه غيّر حالته إلى «ملغي»',
    en: 'A cash-on-delivery order is refunded in cash only once it was delivered and the money collected. To call it off, set it to cancelled',
  },
  'refund.nothing_left': {
    ar: 'استُرد كامل مبلغ هذا الطلب',
    en: 'The whole amount of this order was refunded already',
  },
  'refund.history': { ar: 'تم استرداد {amount}', en: 'Refunded {amount}' },
  'refund.history_cash': { ar: 'تم استرداد {amount} نقداً', en: 'Refunded {amount} in cash' },
} as const satisfies Record<string, Record<Language, ApiText>>;

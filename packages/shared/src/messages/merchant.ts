import type { Language } from '../constants.js';
import type { ApiText } from '../api-messages.js';

/**
 * API texts of the back office's Google Merchant tab (see api-messages.ts). The
 * refusals of Google name what the owner can do about them.
 */
export const merchantMessages = {
  'merchant.not_configured': {
    ar: 'لم يتم إعداد Google Merchant: اضبط المتغيرات GOOGLE_MERCHANT_ACCOUNT_ID و GOOGLE_MERCHANT_DATA_SOURCE و GOOGLE_MERCHANT_KEY_FILE',
    en: 'Google Merchant is not configured: set GOOGLE_MERCHANT_ACCOUNT_ID, GOOGLE_MERCHANT_DATA_SOURCE and GOOGLE_MERCHANT_KEY_FILE',
  },
  'merchant.required_fields': {
    ar: 'يرجى تعبئة الحقول المطلوبة: رقم المنتج والعنوان والسعر',
    en: 'Please fill the required fields: product id, title and price',
  },
  'merchant.text_invalid': {
    ar: 'النص يجب أن يكون نصاً عادياً',
    en: 'The text must be plain text',
  },
  'merchant.title_too_long': {
    ar: 'العنوان أطول من 150 حرفاً',
    en: 'The title is longer than 150 characters',
  },
  'merchant.description_too_long': {
    ar: 'الوصف أطول من 5000 حرف',
    en: 'The description is longer than 5000 characters',
  },
  'merchant.price_invalid': {
    ar: 'السعر يجب أن يكون رقماً موجباً بثلاث منازل عشرية على الأكثر',
    en: 'The price must be a positive number with at most 3 decimals',
  },
  'merchant.price_decimals': {
    ar: 'السعر بعملة {currency} يُكتب بـ {decimals} منازل عشرية على الأكثر',
    en: 'A price in {currency} has at most {decimals} decimals',
  },
  'merchant.sale_price_not_below': {
    ar: 'سعر التخفيض يجب أن يكون أقل من السعر',
    en: 'The sale price must be below the price',
  },
  'merchant.currency_invalid': {
    ar: 'العملة يجب أن تكون KWD أو USD أو EUR',
    en: 'The currency must be KWD, USD or EUR',
  },
  'merchant.link_required': { ar: 'رابط المنتج مطلوب', en: 'The product link is required' },
  'merchant.link_invalid': {
    ar: 'رابط المنتج يجب أن يكون عنواناً كاملاً يبدأ بـ http أو https',
    en: 'The product link must be a full address starting with http or https',
  },
  'merchant.image_link_required': { ar: 'رابط الصورة مطلوب', en: 'The image link is required' },
  'merchant.image_link_invalid': {
    ar: 'رابط الصورة يجب أن يكون عنواناً كاملاً يبدأ بـ http أو https',
    en: 'The image link must be a full address starting with http or https',
  },
  'merchant.brand_too_long': {
    ar: 'العلامة التجارية أطول من 70 حرفاً',
    en: 'The brand is longer than 70 characters',
  },
  'merchant.availability_invalid': {
    ar: 'التوفر يجب أن يكون متوفر أو غير متوفر أو طلب مسبق',
    en: 'The availability must be in stock, out of stock or preorder',
  },
  'merchant.condition_invalid': {
    ar: 'حالة المنتج يجب أن تكون جديد',
    en: 'The condition must be new',
  },
  'merchant.gtin_invalid': {
    ar: 'رمز GTIN يجب أن يكون 8 أو 12 أو 13 أو 14 رقماً برقم تحقق صحيح',
    en: 'The GTIN must be 8, 12, 13 or 14 digits with a valid check digit',
  },
  'merchant.mpn_too_long': {
    ar: 'رقم القطعة لدى الصانع (MPN) أطول من 70 حرفاً',
    en: 'The MPN is longer than 70 characters',
  },
  'merchant.category_too_long': {
    ar: 'فئة Google للمنتج أطول من 750 حرفاً',
    en: 'The Google product category is longer than 750 characters',
  },
  'merchant.product_type_too_long': {
    ar: 'نوع المنتج أطول من 750 حرفاً',
    en: 'The product type is longer than 750 characters',
  },
  'merchant.auto_sync_invalid': {
    ar: 'قيمة المزامنة التلقائية يجب أن تكون true أو false',
    en: 'Automatic sync must be true or false',
  },
  'merchant.image_missing': {
    ar: 'المنتج ليس له صورة، وGoogle يشترط صورة لكل منتج',
    en: 'The product has no image, and Google requires one for every product',
  },
  'merchant.connected': {
    ar: 'تم الاتصال بحساب Merchant Center: {account}',
    en: 'Connected to Merchant Center account {account}',
  },
  'merchant.product_updated': {
    ar: 'تم إرسال المنتج {id} إلى Google Merchant',
    en: 'Product {id} was sent to Google Merchant',
  },
  'merchant.product_deleted': {
    ar: 'تم حذف المنتج {id} من Google Merchant',
    en: 'Product {id} was deleted from Google Merchant',
  },
  'merchant.not_in_merchant_center': {
    ar: 'هذا المنتج غير موجود في Merchant Center',
    en: 'This product is not in Merchant Center',
  },
  /** The bulk run's 'X of Y' (count: the total). */
  'merchant.bulk_result': {
    ar: {
      zero: 'تم تحديث {successful} من {count} منتج',
      one: 'تم تحديث {successful} من منتج واحد',
      two: 'تم تحديث {successful} من منتجين',
      few: 'تم تحديث {successful} من {count} منتجات',
      many: 'تم تحديث {successful} من {count} منتجاً',
      other: 'تم تحديث {successful} من {count} منتج',
    },
    en: { one: 'Updated {successful} of 1 product', other: 'Updated {successful} of {count} products' },
  },
  'merchant.bulk_running': {
    ar: 'تحديث جميع المنتجات جارٍ بالفعل، انتظر حتى ينتهي',
    en: 'Update all is already running: wait until it finishes',
  },
  'merchant.bulk_stale': {
    ar: 'توقف تحديث جميع المنتجات قبل أن يكتمل (أُعيد تشغيل الخادم)، يمكنك تشغيله من جديد',
    en: 'Update all stopped before it finished (the server restarted); you can run it again',
  },
  'merchant.bulk_interrupted': {
    ar: 'توقف تحديث جميع المنتجات لأن الخادم يتوقف، يمكنك تشغيله من جديد',
    en: 'Update all stopped because the server is shutting down; you can run it again',
  },
  'merchant.auto_sync_on': {
    ar: 'تم تفعيل المزامنة التلقائية مع Google Merchant',
    en: 'Automatic sync with Google Merchant is on',
  },
  'merchant.auto_sync_off': {
    ar: 'تم إيقاف المزامنة التلقائية مع Google Merchant',
    en: 'Automatic sync with Google Merchant is off',
  },
  'merchant.error.unregistered': {
    ar: 'مشروع Google Cloud غير مسجّل لدى حساب Merchant Center هذا: نفّذ التسجيل لمرة واحدة كمطوّر (راجع README) ثم حاول بعد 5 دقائق',
    en: 'The Google Cloud project is not registered with this Merchant Center account: run the one-time developer registration (see README) and try again in 5 minutes',
  },
  'merchant.error.not_user': {
    ar: 'أضف حساب الخدمة {email} مستخدماً في حساب Merchant Center رقم {account}',
    en: 'Add the service account {email} as a user of Merchant Center account {account}',
  },
  'merchant.error.credentials': {
    ar: 'رفضت Google مفتاح حساب الخدمة {email}: تحقق من الملف في GOOGLE_MERCHANT_KEY_FILE وأن المفتاح لم يُحذف ({detail})',
    en: 'Google refused the key of service account {email}: check the file in GOOGLE_MERCHANT_KEY_FILE and that the key was not deleted ({detail})',
  },
  'merchant.error.invalid_field': {
    ar: 'رفضت Google الحقل {field}: {detail}',
    en: 'Google refused the field {field}: {detail}',
  },
  'merchant.error.invalid': {
    ar: 'رفضت Google المنتج: {detail}',
    en: 'Google refused the product: {detail}',
  },
  'merchant.error.not_found': {
    ar: 'لم تجد Google حساب Merchant Center رقم {account} أو مصدر البيانات {dataSource}: تحقق من GOOGLE_MERCHANT_ACCOUNT_ID و GOOGLE_MERCHANT_DATA_SOURCE',
    en: 'Google found no Merchant Center account {account} or data source {dataSource}: check GOOGLE_MERCHANT_ACCOUNT_ID and GOOGLE_MERCHANT_DATA_SOURCE',
  },
  'merchant.error.quota': {
    ar: 'تم بلوغ حد الطلبات لدى Google: حاول مرة أخرى بعد بضع دقائق',
    en: 'Google’s request limit was reached: try again in a few minutes',
  },
  'merchant.error.unavailable': {
    ar: 'خدمة Google Merchant غير متاحة الآن ({detail}): حاول مرة أخرى لاحقاً',
    en: 'Google Merchant is not available right now ({detail}): try again later',
  },
  'merchant.error.timeout': {
    ar: 'لم تُجب Google Merchant خلال {seconds} ثانية: حاول مرة أخرى',
    en: 'Google Merchant did not answer within {seconds} seconds: try again',
  },
  'merchant.error.unexpected': {
    ar: 'حدث خطأ غير متوقع أثناء الإرسال إلى Google Merchant',
    en: 'An unexpected error occurred while sending to Google Merchant',
  },
} as const satisfies Record<string, Record<Language, ApiText>>;

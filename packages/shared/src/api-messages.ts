import type { Language } from './constants.js';
import { messageParamsIn, type MessageParams } from './localized.js';
import { pluralText, type PluralTexts } from './plural.js';
import { addressesMessages } from './messages/addresses.js';
import { attributesMessages } from './messages/attributes.js';
import { backofficeMessages } from './messages/backoffice.js';
import { categoriesMessages } from './messages/categories.js';
import { contractMessages } from './messages/contract.js';
import { locationsMessages } from './messages/locations.js';
import { orderCustomerMessages } from './messages/order-customer.js';
import { ordersMessages } from './messages/orders.js';
import { fulfilmentMessages } from './messages/fulfilment.js';
import { orderAlertsMessages } from './messages/order-alerts.js';
import { paymentsMessages } from './messages/payments.js';
import { productsMessages } from './messages/products.js';
import { productsBulkMessages } from './messages/products-bulk.js';
import { promotionsMessages } from './messages/promotions.js';
import { settingsMessages } from './messages/settings.js';
import { seoMessages } from './messages/seo.js';
import { sliderMessages } from './messages/slider.js';
import { usersMessages } from './messages/users.js';
import { dashboardMessages } from './messages/dashboard.js';
import { searchMessages } from './messages/search.js';
import { merchantMessages } from './messages/merchant.js';
import { reportsMessages } from './messages/reports.js';
import { pagesMessages } from './messages/pages.js';
import { wishlistMessages } from './messages/wishlist.js';
import { reviewsMessages } from './messages/reviews.js';
import { shopperEmailsMessages } from './messages/shopper-emails.js';
import { giftsMessages } from './messages/gifts.js';

/** An API text: one string, or a counted noun's texts per plural form (chosen by params.count). */
export type ApiText = string | PluralTexts;

/**
 * Texts the API puts in error replies, in both languages. Keys are also used as zod issue
 * messages in the contract schemas, so a validation failure reads well in the shopper's language.
 */
const coreMessages = {
  'error.validation': {
    ar: 'بعض البيانات المدخلة غير صحيحة',
    en: 'Some of the data sent is invalid',
  },
  'error.not_found': { ar: 'المورد المطلوب غير موجود', en: 'The requested resource was not found' },
  'error.route_not_found': { ar: 'المسار المطلوب غير موجود', en: 'This API route does not exist' },
  'error.product_not_found': { ar: 'المنتج غير موجود', en: 'Product not found' },
  'error.category_not_found': { ar: 'الفئة غير موجودة', en: 'Category not found' },
  'error.malformed_json': {
    ar: 'صيغة JSON في الطلب غير صحيحة',
    en: 'The request body is not valid JSON',
  },
  'error.unsupported_media_type': {
    ar: 'نوع محتوى الطلب غير مدعوم',
    en: 'Unsupported content type',
  },
  'error.payload_too_large': { ar: 'حجم الطلب أكبر من المسموح', en: 'The request is too large' },
  'error.rate_limited': {
    ar: 'طلبات كثيرة جداً، يرجى المحاولة بعد قليل',
    en: 'Too many requests, please try again shortly',
  },
  'error.unauthenticated': { ar: 'يرجى تسجيل الدخول', en: 'Please log in' },
  'error.forbidden': {
    ar: 'ليس لديك صلاحية للقيام بهذا',
    en: 'You do not have permission to do this',
  },
  'error.service_unavailable': {
    ar: 'الخدمة غير متاحة حالياً',
    en: 'The service is currently unavailable',
  },
  'error.image_invalid': {
    ar: 'الملف ليس صورة بصيغة مدعومة (JPEG أو PNG أو WebP أو GIF أو AVIF)',
    en: 'The file is not an image in a supported format (JPEG, PNG, WebP, GIF or AVIF)',
  },
  'error.image_too_large': {
    ar: 'حجم الصورة أو أبعادها أكبر من المسموح',
    en: 'The image file or its dimensions are larger than allowed',
  },
  'error.images_too_many_pixels': {
    ar: 'مجموع أبعاد الصور المرسلة معاً يجب ألا يزيد على {max} ميغابكسل (العرض × الارتفاع لكل صورة)، يرجى إرسال صور أقل أو أصغر',
    en: 'The pictures sent together may hold at most {max} megapixels in all (width × height of each, added up): send fewer or smaller pictures',
  },
  'error.internal': {
    ar: 'حدث خطأ غير متوقع، يرجى المحاولة مرة أخرى',
    en: 'An unexpected error occurred, please try again',
  },
  'validation.id_invalid': {
    ar: 'المعرّف يجب أن يكون رقماً صحيحاً موجباً',
    en: 'The id must be a positive whole number',
  },
  'validation.page_invalid': {
    ar: 'رقم الصفحة يجب أن يكون رقماً صحيحاً من 1 فأكثر',
    en: 'The page must be a whole number of 1 or more',
  },
  'validation.limit_invalid': {
    ar: 'عدد العناصر في الصفحة غير مسموح',
    en: 'The page size is not allowed',
  },
  'validation.category_invalid': { ar: 'الفئة غير صحيحة', en: 'The category is invalid' },
  'validation.search_too_long': { ar: 'نص البحث طويل جداً', en: 'The search text is too long' },
  'validation.sort_invalid': {
    ar: 'طريقة الترتيب غير مدعومة',
    en: 'This sort field is not supported',
  },
  'validation.order_invalid': {
    ar: 'اتجاه الترتيب يجب أن يكون asc أو desc',
    en: 'The order must be asc or desc',
  },
  'validation.boolean_invalid': {
    ar: 'القيمة يجب أن تكون true أو false',
    en: 'The value must be true or false',
  },
  'validation.invalid_value': { ar: 'القيمة غير صحيحة', en: 'The value is invalid' },
  'validation.required': { ar: 'هذا الحقل مطلوب', en: 'This field is required' },
  'validation.unknown_field': { ar: 'حقل غير معروف', en: 'Unknown field' },
  'validation.amount_invalid': {
    ar: 'المبلغ يجب أن يكون رقماً من 0 فأكثر',
    en: 'The amount must be a number of 0 or more',
  },
  'error.country_not_found': { ar: 'الدولة غير موجودة', en: 'Country not found' },
  'error.governorate_not_found': { ar: 'المحافظة غير موجودة', en: 'Governorate not found' },
  'error.city_not_found': { ar: 'المدينة غير موجودة', en: 'City not found' },
  'promo.code_required': { ar: 'يرجى إدخال كود الخصم', en: 'Please enter a promo code' },
  'promo.not_found': { ar: 'كود الخصم غير صحيح', en: 'This promo code does not exist' },
  'promo.inactive': { ar: 'كود الخصم غير مفعّل', en: 'This promo code is not active' },
  'promo.not_started': { ar: 'كود الخصم لم يبدأ بعد', en: 'This promo code is not valid yet' },
  'promo.expired': { ar: 'انتهت صلاحية كود الخصم', en: 'This promo code has expired' },
  'promo.used_up': {
    ar: 'تم استخدام كود الخصم الحد الأقصى من المرات',
    en: 'This promo code has reached its maximum number of uses',
  },
  'promo.below_minimum': {
    ar: 'الحد الأدنى للطلب لاستخدام هذا الكود {amount} {currency}',
    en: 'The minimum order for this promo code is {amount} {currency}',
  },
  'promo.once_per_customer': {
    ar: 'هذا الكود يُستخدم مرة واحدة لكل عميل وقد سبق استخدامه',
    en: 'This code can be used once per customer and has already been used',
  },
  'promo.applied': { ar: 'تم تطبيق كود الخصم', en: 'Promo code applied' },
  'error.cart_item_not_found': {
    ar: 'هذا المنتج غير موجود في السلة',
    en: 'This item is not in your cart',
  },
  'error.out_of_stock': {
    ar: 'هذا المنتج غير متوفر في المخزون',
    en: 'This product is not available in stock',
  },
  'error.stock_not_enough': {
    ar: 'لا يمكن إضافة المزيد، الكمية المتوفرة في المخزون غير كافية',
    en: 'Cannot add more as the available stock is not enough',
  },
  'validation.quantity_invalid': {
    ar: 'الكمية يجب أن تكون رقماً صحيحاً من 1 إلى 999',
    en: 'The quantity must be a whole number from 1 to 999',
  },
  'validation.attribute_invalid': {
    ar: 'الخيار المحدد غير صحيح',
    en: 'The chosen option is invalid',
  },
  'validation.variation_not_offered': {
    ar: 'هذا الخيار غير متاح لهذا المنتج',
    en: 'This option is not offered for this product',
  },
  'validation.attributes_required': {
    ar: 'يرجى اختيار جميع الخيارات المطلوبة',
    en: 'Please choose all required attributes',
  },
  'validation.attribute_required': {
    ar: 'يرجى اختيار {attribute}',
    en: 'Please choose {attribute}',
  },
  'validation.too_long': { ar: 'النص أطول من المسموح', en: 'The text is too long' },
  'order.name_required': { ar: 'الاسم مطلوب', en: 'Name is required' },
  'order.email_required': { ar: 'البريد الإلكتروني مطلوب', en: 'Email is required' },
  'order.email_invalid': {
    ar: 'يرجى إدخال بريد إلكتروني صحيح',
    en: 'Please enter a valid email address',
  },
  'order.phone_required': { ar: 'رقم الهاتف مطلوب', en: 'Phone is required' },
  'order.phone_invalid': { ar: 'رقم الهاتف غير صحيح', en: 'Please enter a valid phone number' },
  'order.shipping_address_required': {
    ar: 'عنوان الشحن مطلوب',
    en: 'Shipping address is required',
  },
  'order.country_required': { ar: 'الدولة مطلوبة', en: 'Country is required' },
  'order.governorate_required': { ar: 'المحافظة مطلوبة', en: 'Governorate is required' },
  'order.city_required': { ar: 'المدينة مطلوبة', en: 'City is required' },
  'order.city_not_found': {
    ar: 'المدينة المختارة غير متاحة للتوصيل',
    en: 'The chosen city is not available for delivery',
  },
  'order.country_mismatch': {
    ar: 'الدولة المختارة لا تطابق المدينة',
    en: 'The chosen country does not match the city',
  },
  'order.governorate_mismatch': {
    ar: 'المحافظة المختارة لا تطابق المدينة',
    en: 'The chosen governorate does not match the city',
  },
  'order.payment_method_invalid': {
    ar: 'طريقة الدفع غير صحيحة',
    en: 'The payment method is invalid',
  },
  'order.payment_unavailable': {
    ar: 'طريقة الدفع المختارة غير متاحة حالياً',
    en: 'the chosen payment method is currently unavailable',
  },
  'order.cart_empty': {
    ar: 'سلة التسوق فارغة. يرجى إضافة منتجات إلى السلة قبل إتمام الطلب.',
    en: 'Your cart is empty. Please add items to your cart before checkout.',
  },
  'order.out_of_stock': {
    ar: 'الكمية المطلوبة من {product} غير متوفرة في المخزون',
    en: 'The requested quantity of {product} is not available in stock',
  },
  'order.number_invalid': { ar: 'رقم الطلب غير صحيح', en: 'The order number is invalid' },
  'order.not_found': { ar: 'طلب غير موجود', en: 'order not found' },
  'order.idempotency_key_invalid': {
    ar: 'مفتاح عدم التكرار غير صحيح',
    en: 'The Idempotency-Key header must be 1 to 100 letters, digits, - or _',
  },
  'auth.name_required': { ar: 'الاسم الكامل مطلوب', en: 'Please enter your full name' },
  'auth.name_too_short': {
    ar: 'الاسم يجب أن يكون حرفين على الأقل',
    en: 'Name must be at least 2 characters long',
  },
  'auth.email_required': { ar: 'البريد الإلكتروني مطلوب', en: 'Please enter your email address' },
  'auth.email_invalid': {
    ar: 'يرجى إدخال بريد إلكتروني صحيح',
    en: 'Please enter a valid email address',
  },
  'auth.password_required': { ar: 'كلمة المرور مطلوبة', en: 'Please enter your password' },
  'auth.password_too_short': {
    ar: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل',
    en: 'Password must be at least 6 characters long',
  },
  'auth.phone_too_short': {
    ar: 'رقم الهاتف يجب أن يكون 8 أرقام على الأقل',
    en: 'Phone number must be at least 8 digits',
  },
  'auth.user_exists': {
    ar: 'يوجد حساب مسجل بهذا البريد الإلكتروني',
    en: 'An account with this email already exists',
  },
  'auth.invalid_credentials': {
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    en: 'Invalid email or password',
  },
  'auth.invalid_token': {
    ar: 'جلسة الدخول غير صالحة، يرجى تسجيل الدخول مرة أخرى',
    en: 'Invalid authentication token, please log in again',
  },
  'auth.token_expired': {
    ar: 'انتهت صلاحية جلسة الدخول، يرجى تسجيل الدخول مرة أخرى',
    en: 'Your session token has expired, please log in again',
  },
  'auth.code_invalid_format': {
    ar: 'يرجى إدخال الأرقام الستة كاملة',
    en: 'Please enter all 6 digits',
  },
  'auth.code_invalid': {
    ar: 'رمز التحقق غير صحيح. حاول مرة أخرى.',
    en: 'Invalid verification code. Please try again.',
  },
  'auth.code_expired': {
    ar: 'انتهت صلاحية رمز التحقق، اطلب رمزاً جديداً',
    en: 'This verification code has expired, please request a new one',
  },
  'auth.code_attempts_exceeded': {
    ar: 'تجاوزت عدد المحاولات المسموح، اطلب رمزاً جديداً',
    en: 'Too many wrong attempts, please request a new code',
  },
  'auth.email_verified': {
    ar: 'تم تأكيد بريدك الإلكتروني بنجاح',
    en: 'Your email has been verified successfully',
  },
  'auth.already_verified': {
    ar: 'بريدك الإلكتروني مؤكد بالفعل',
    en: 'Your email is already verified',
  },
  'auth.verification_sent': {
    ar: 'إذا كان هناك حساب غير مؤكد بهذا البريد فقد أرسلنا إليه رمز تحقق جديداً',
    en: 'If an unverified account uses this email, a new verification code has been sent to it',
  },
  'auth.reset_sent': {
    ar: 'إذا كان هناك حساب بهذا البريد فقد أرسلنا إليه رابط إعادة تعيين كلمة المرور',
    en: 'If an account uses this email, a password reset link has been sent to it',
  },
  'auth.reset_token_invalid': {
    ar: 'رابط إعادة التعيين غير صالح أو منتهي الصلاحية',
    en: 'Invalid or expired reset link',
  },
  'auth.password_reset': {
    ar: 'تمت إعادة تعيين كلمة المرور بنجاح',
    en: 'Password reset successfully!',
  },
  'auth.password_changed': {
    ar: 'تم تغيير كلمة المرور بنجاح',
    en: 'Your password has been changed',
  },
  'auth.current_password_required': {
    ar: 'يرجى إدخال كلمة المرور الحالية',
    en: 'Please enter your current password',
  },
  'auth.current_password_wrong': {
    ar: 'كلمة المرور الحالية غير صحيحة',
    en: 'The current password is incorrect',
  },
  'auth.preferences_saved': {
    ar: 'تم حفظ تفضيلات الإشعارات',
    en: 'Notification preferences saved',
  },
  'auth.account_deleted': {
    ar: 'تم حذف حسابك',
    en: 'Your account has been deleted',
  },
  'auth.email_send_failed': {
    ar: 'تعذر إرسال البريد الإلكتروني، حاول مرة أخرى لاحقاً',
    en: 'We could not send the email, please try again later',
  },
  'auth.too_many_attempts': {
    ar: {
      zero: 'محاولات كثيرة، حاول مرة أخرى بعد قليل',
      one: 'محاولات كثيرة، حاول مرة أخرى بعد دقيقة واحدة',
      two: 'محاولات كثيرة، حاول مرة أخرى بعد دقيقتين',
      few: 'محاولات كثيرة، حاول مرة أخرى بعد {count} دقائق',
      many: 'محاولات كثيرة، حاول مرة أخرى بعد {count} دقيقة',
      other: 'محاولات كثيرة، حاول مرة أخرى بعد {count} دقيقة',
    },
    en: {
      one: 'Too many attempts, please try again in 1 minute',
      other: 'Too many attempts, please try again in {count} minutes',
    },
  },
  'auth.google_unavailable': {
    ar: 'خدمات جوجل غير متاحة، أعد تحميل الصفحة',
    en: 'Google services unavailable, reload the page',
  },
  'auth.google_failed': {
    ar: 'فشلت المصادقة عبر جوجل',
    en: 'Google authentication failed',
  },
  'auth.google_email_unverified': {
    ar: 'بريد حساب جوجل غير مؤكد، لا يمكن ربطه بحساب موجود',
    en: 'Your Google email is not verified, so it cannot be linked to an existing account',
  },
} as const satisfies Record<string, Record<Language, ApiText>>;

/** Every API text: the storefront's above, each back-office area's from messages/. */
export const apiMessages = {
  ...coreMessages,
  ...backofficeMessages,
  ...productsMessages,
  ...productsBulkMessages,
  ...categoriesMessages,
  ...attributesMessages,
  ...sliderMessages,
  ...settingsMessages,
  ...seoMessages,
  ...contractMessages,
  ...ordersMessages,
  ...orderCustomerMessages,
  ...fulfilmentMessages,
  ...orderAlertsMessages,
  ...paymentsMessages,
  ...promotionsMessages,
  ...locationsMessages,
  ...usersMessages,
  ...dashboardMessages,
  ...searchMessages,
  ...merchantMessages,
  ...reportsMessages,
  ...pagesMessages,
  ...wishlistMessages,
  ...reviewsMessages,
  ...addressesMessages,
  ...shopperEmailsMessages,
  ...giftsMessages,
} as const;

export type ApiMessageKey = keyof typeof apiMessages;

export function isApiMessageKey(key: string): key is ApiMessageKey {
  return Object.hasOwn(apiMessages, key);
}

/**
 * A catalogue text in a language, with its `{name}` placeholders filled from `given` (a bilingual
 * name in that language). A counted noun (plural texts) takes the form its numeric `count` needs.
 */
export function apiMessage(
  key: ApiMessageKey,
  lang: Language,
  given?: MessageParams,
): string {
  const entry: ApiText = apiMessages[key][lang];
  const params = given && messageParamsIn(lang, given);
  if (typeof entry !== 'string') {
    const count = params?.count;
    return pluralText(entry, lang, typeof count === 'number' ? count : Number(count ?? Number.NaN), params);
  }
  const text = entry;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

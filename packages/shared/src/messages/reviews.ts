import type { Language } from '../constants.js';

/** API texts of reviews from buyers (see api-messages.ts). */
export const reviewsMessages = {
  'reviews.rating_invalid': {
    ar: 'اختر تقييماً من نجمة إلى خمس نجوم',
    en: 'Choose a rating from 1 to 5 stars',
  },
  'reviews.title_too_long': {
    ar: 'عنوان المراجعة يجب ألا يزيد على 120 حرفاً',
    en: 'The review title must be at most 120 characters',
  },
  'reviews.body_too_long': {
    ar: 'نص المراجعة يجب ألا يزيد على 2000 حرف',
    en: 'The review must be at most 2,000 characters',
  },
  'reviews.reply_too_long': {
    ar: 'الرد يجب ألا يزيد على 2000 حرف',
    en: 'The reply must be at most 2,000 characters',
  },
  'reviews.status_invalid': {
    ar: 'الحالة يجب أن تكون بانتظار المراجعة أو منشورة أو مرفوضة',
    en: 'The status must be pending, approved or rejected',
  },
  'reviews.nothing_to_change': {
    ar: 'أرسل حالة المراجعة أو الرد عليها',
    en: 'Send the review’s status or a reply',
  },
  'reviews.not_a_buyer': {
    ar: 'يمكن تقييم المنتج فقط بعد استلام طلب يضمه',
    en: 'You can review this product once an order of it has been delivered to you',
  },
  'reviews.already_reviewed': {
    ar: 'لقد قيّمت هذا المنتج من قبل',
    en: 'You have already reviewed this product',
  },
  'reviews.not_found': { ar: 'المراجعة غير موجودة', en: 'Review not found' },
  'reviews.received': {
    ar: 'شكراً لك! ستظهر مراجعتك بعد أن يراجعها فريق المتجر',
    en: 'Thank you! Your review will appear once the shop has checked it',
  },
} as const satisfies Record<string, Record<Language, string>>;

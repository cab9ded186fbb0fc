import type { Language } from '../constants.js';

/** API texts of the back office's cities and shipping fees (see api-messages.ts). */
export const locationsMessages = {
  'locations.name_required': { ar: 'اسم المدينة مطلوب', en: 'City name is required' },
  'locations.name_too_long': {
    ar: 'اسم المدينة يجب ألا يزيد على 100 حرف',
    en: 'The city name must be at most 100 characters',
  },
  'locations.name_taken': {
    ar: 'توجد مدينة بهذا الاسم في هذه المحافظة بالفعل',
    en: 'A city with this name already exists in this governorate',
  },
  'locations.country_required': { ar: 'الدولة مطلوبة', en: 'Country is required' },
  'locations.country_invalid': {
    ar: 'الدولة المختارة غير موجودة',
    en: 'The chosen country does not exist',
  },
  'locations.governorate_invalid': {
    ar: 'المحافظة المختارة غير موجودة',
    en: 'The chosen governorate does not exist',
  },
  'locations.governorate_other_country': {
    ar: 'المحافظة المختارة لا تتبع الدولة المختارة',
    en: 'The chosen governorate is not in the chosen country',
  },
  'locations.fee_invalid': {
    ar: 'رسوم الشحن يجب أن تكون رقماً من 0 إلى 1000 وبثلاث منازل عشرية على الأكثر',
    en: 'The shipping fee must be a number from 0 to 1000 with at most 3 decimals',
  },
  'locations.nothing_to_change': {
    ar: 'لم يتم إرسال أي حقل لتعديله',
    en: 'No field to change was sent',
  },
  'locations.city_deleted': { ar: 'تم حذف المدينة', en: 'The city was deleted' },
} as const satisfies Record<string, Record<Language, string>>;

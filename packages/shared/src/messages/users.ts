import type { Language } from '../constants.js';

/** API texts of the back office's users (see api-messages.ts). */
export const usersMessages = {
  'users.not_found': { ar: 'المستخدم غير موجود', en: 'User not found' },
  'users.email_taken': {
    ar: 'هذا البريد الإلكتروني مستخدم بالفعل',
    en: 'This email is already in use',
  },
  'users.phone_invalid': {
    ar: 'يرجى إدخال رقم هاتف صحيح: من 8 إلى 15 رقماً، ويُسمح بالمسافات والشرطات والأقواس وعلامة + في أوله',
    en: 'Enter a valid phone number: 8 to 15 digits; spaces, hyphens, parentheses and a leading + are allowed',
  },
  'users.role_invalid': {
    ar: 'الدور يجب أن يكون عميل أو مشرف أو مدير',
    en: 'The role must be customer, moderator or admin',
  },
  'users.cannot_demote_self': {
    ar: 'لا يمكنك تخفيض دورك بنفسك؛ يمكن لمدير آخر أن يفعل ذلك',
    en: 'You cannot lower your own role; another administrator can do it',
  },
  'users.cannot_delete_self': {
    ar: 'لا يمكنك حذف حسابك من لوحة التحكم؛ يمكن لمدير آخر أن يفعل ذلك',
    en: 'You cannot delete your own account from the back office; another administrator can do it',
  },
  'users.last_admin_demote': {
    ar: 'هذا آخر مدير للمتجر، ولا يمكن تغيير دوره قبل تعيين مدير آخر',
    en: 'This is the store’s last administrator: their role cannot change until another administrator exists',
  },
  'users.last_admin_delete': {
    ar: 'هذا آخر مدير للمتجر، ولا يمكن حذفه قبل تعيين مدير آخر',
    en: 'This is the store’s last administrator: they cannot be deleted until another administrator exists',
  },
  'users.deleted': {
    ar: 'تم حذف المستخدم، وبقيت طلباته محفوظة',
    en: 'User deleted; their orders were kept',
  },
} as const satisfies Record<string, Record<Language, string>>;

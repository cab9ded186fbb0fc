import type { Language } from '../constants.js';

/** API texts of the back office's search synonyms (see api-messages.ts). */
export const searchMessages = {
  'search.not_found': { ar: 'المرادف غير موجود', en: 'Synonym not found' },
  'search.term_required': {
    ar: 'اكتب الكلمة أو العبارة التي يبحث بها الزبون',
    en: 'Enter the word or phrase a shopper searches for',
  },
  'search.term_too_long': {
    ar: 'الكلمة أو العبارة أطول من 60 حرفاً',
    en: 'The word or phrase is longer than 60 characters',
  },
  'search.term_invalid': {
    ar: 'الكلمة يجب أن تكون سطراً واحداً فيه حروف أو أرقام',
    en: 'The word must be one line with letters or digits',
  },
  'search.term_too_many_words': {
    ar: 'العبارة أطول من أربع كلمات',
    en: 'The phrase has more than four words',
  },
  'search.term_taken': {
    ar: 'هذه الكلمة لها مرادفات من قبل، عدّلها بدلاً من إضافتها مرة أخرى',
    en: 'This word already has synonyms; edit it instead of adding it again',
  },
  'search.targets_required': {
    ar: 'اكتب كلمة واحدة على الأقل تدل عليها',
    en: 'Enter at least one word it stands for',
  },
  'search.targets_too_many': {
    ar: 'لا يمكن أن تدل الكلمة على أكثر من 10 كلمات',
    en: 'A word can stand for at most 10 words',
  },
  'search.target_invalid': {
    ar: 'كل كلمة مرادفة يجب أن تكون سطراً واحداً فيه حروف أو أرقام',
    en: 'Each word it stands for must be one line with letters or digits',
  },
  'search.target_too_long': {
    ar: 'إحدى الكلمات المرادفة أطول من 60 حرفاً',
    en: 'One of the words it stands for is longer than 60 characters',
  },
  'search.target_is_term': {
    ar: 'الكلمة لا تكون مرادفة لنفسها',
    en: 'A word cannot stand for itself',
  },
  'search.deleted': { ar: 'تم حذف المرادف', en: 'The synonym was deleted' },
} as const satisfies Record<string, Record<Language, string>>;

import type { Language } from '../constants.js';

/** API texts of the wishlist (see api-messages.ts). */
export const wishlistMessages = {
  'wishlist.full': {
    ar: 'قائمة المفضلة ممتلئة: تتسع لـ {max} منتجاً. احذف منتجاً لتضيف غيره',
    en: 'Your wishlist is full: it keeps up to {max} products. Remove one to add another',
  },
} as const satisfies Record<string, Record<Language, string>>;

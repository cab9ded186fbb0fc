import type { Language } from '../constants.js';

/** API texts of the back office's categories (see api-messages.ts). */
export const categoriesMessages = {} as const satisfies Record<string, Record<Language, string>>;

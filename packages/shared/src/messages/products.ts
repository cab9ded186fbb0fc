import type { Language } from '../constants.js';

/** API texts of the back office's products (see api-messages.ts). */
export const productsMessages = {} as const satisfies Record<string, Record<Language, string>>;

import type { Language } from '../constants.js';

/** API texts of the back office's attributes (see api-messages.ts). */
export const attributesMessages = {} as const satisfies Record<string, Record<Language, string>>;

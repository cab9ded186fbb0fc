import type { Language } from '../constants.js';

/** API texts of the back office's settings (see api-messages.ts). */
export const settingsMessages = {} as const satisfies Record<string, Record<Language, string>>;

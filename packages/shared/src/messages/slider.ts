import type { Language } from '../constants.js';

/** API texts of the back office's slider (see api-messages.ts). */
export const sliderMessages = {} as const satisfies Record<string, Record<Language, string>>;

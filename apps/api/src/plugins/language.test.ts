import { describe, expect, it } from 'vitest';
import { languageOf } from './language.js';

describe('languageOf', () => {
  it('prefers the lang cookie', () => {
    expect(languageOf('en', 'ar')).toBe('en');
    expect(languageOf('ar', 'en-US')).toBe('ar');
  });

  it('falls back to the best Accept-Language match, then Arabic', () => {
    expect(languageOf(undefined, 'fr-FR,en;q=0.8,ar;q=0.5')).toBe('en');
    expect(languageOf(undefined, 'en;q=0.2,ar-KW;q=0.9')).toBe('ar');
    expect(languageOf(undefined, 'fr, de')).toBe('ar');
    expect(languageOf('xx', undefined)).toBe('ar');
  });

  it('answers in the language of the page the call is made for, before the cookie', () => {
    expect(languageOf('ar', 'ar', 'en')).toBe('en');
    expect(languageOf('en', 'en', 'ar')).toBe('ar');
    // A page language the shop does not speak is ignored.
    expect(languageOf('en', 'ar', 'fr')).toBe('en');
  });
});

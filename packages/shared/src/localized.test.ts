import { describe, expect, it } from 'vitest';
import { DEFAULT_ADDRESS } from './constants.js';
import { storeAddress } from './localized.js';

describe('storeAddress', () => {
  it('gives English pages the English address the owner wrote, Arabic pages the Arabic one', () => {
    const settings = { address: 'الكويت، السالمية', address_en: 'Salmiya, Kuwait' };
    expect(storeAddress('en', settings)).toBe('Salmiya, Kuwait');
    expect(storeAddress('ar', settings)).toBe('الكويت، السالمية');
  });

  it('falls back to the Arabic address on English pages when there is no English one', () => {
    expect(storeAddress('en', { address: 'الكويت، السالمية', address_en: null })).toBe('الكويت، السالمية');
    expect(storeAddress('en', { address: 'الكويت، السالمية', address_en: '  ' })).toBe('الكويت، السالمية');
  });

  it('has no street address while the address is the default, the country', () => {
    expect(storeAddress('ar', { address: DEFAULT_ADDRESS, address_en: null })).toBeNull();
    expect(storeAddress('en', { address: DEFAULT_ADDRESS })).toBeNull();
    // Only the English one written: it is the address of both languages.
    expect(storeAddress('ar', { address: DEFAULT_ADDRESS, address_en: 'Salmiya' })).toBe('Salmiya');
  });
});

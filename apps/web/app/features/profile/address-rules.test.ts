import { describe, expect, it } from 'vitest';
import { addressFormFrom, addressPayload, addressSummary, emptyAddressForm, missingAddressFields } from './address-rules';

describe('the profile address form', () => {
  it('names every empty field with the checkout message, and sends a filled form trimmed', () => {
    const empty = emptyAddressForm({ name: ' Maryam ', phone: null });
    expect(empty.name).toBe('Maryam');
    expect(missingAddressFields(empty)).toEqual({
      phone: 'checkout.required.phone',
      country_id: 'checkout.required.country',
      governorate_id: 'checkout.required.governorate',
      city_id: 'checkout.required.city',
      address: 'checkout.required.shipping_address',
    });
    const filled = { ...empty, phone: ' 5111 2222 ', country_id: 1, governorate_id: 2, city_id: 3, address: ' Block 1 ' };
    expect(missingAddressFields(filled)).toEqual({});
    expect(addressPayload(filled)).toEqual({ name: 'Maryam', phone: '5111 2222', country_id: 1, governorate_id: 2, city_id: 3, address: 'Block 1' });
    expect(addressPayload({ ...filled, is_default: true })).toMatchObject({ is_default: true });
  });

  it('edits a saved address whose city is gone with the city to choose again', () => {
    const form = addressFormFrom({
      id: 1, name: 'A', phone: '+96551112222', country_id: 1, governorate_id: 2, city_id: null, address: 'Block 1',
      country_name: 'Kuwait', governorate_name: 'Hawalli', city_name: null, is_default: true,
    });
    expect(missingAddressFields(form)).toEqual({ city_id: 'checkout.required.city' });
  });

  it('names an address in one line in the reader’s language', () => {
    const saved = { address: 'Block 1', city_name: 'Salmiya', governorate_name: 'Hawalli' };
    expect(addressSummary(saved, 'en')).toBe('Block 1, Salmiya, Hawalli');
    expect(addressSummary({ ...saved, city_name: null }, 'ar')).toBe('Block 1، Hawalli');
  });
});

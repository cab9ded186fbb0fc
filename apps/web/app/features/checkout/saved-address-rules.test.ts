import { describe, expect, it } from 'vitest';
import type { SavedAddress } from '@shop/shared';
import { emptyCheckoutForm } from './checkout-rules';
import { chosenAddress, initialChoice, mayPreselect, saveAddressField, withNewAddress, withSavedAddress } from './saved-address-rules';

const home: SavedAddress = {
  id: 7,
  name: 'Fatima Ali',
  phone: '+96551112222',
  country_id: 1,
  governorate_id: 2,
  city_id: 3,
  address: 'Block 5, Street 10',
  country_name: 'Kuwait',
  governorate_name: 'Hawalli',
  city_name: 'Salmiya',
  is_default: false,
};
const work: SavedAddress = { ...home, id: 9, name: 'Fatima at work', address: 'Tower 2', is_default: true };
const prefill = { name: 'Fatima', email: 'f@example.com', phone: '+965 6000 1111', shipping_address: 'Old street' };

describe('saved addresses at checkout', () => {
  it('fills the delivery fields from a saved address and keeps the e-mail and notes', () => {
    const form = { ...emptyCheckoutForm(prefill), notes: 'ring twice' };
    const filled = withSavedAddress(form, home);
    expect(filled).toMatchObject({ name: 'Fatima Ali', phone: '+96551112222', shipping_address: 'Block 5, Street 10', country_id: 1, governorate_id: 2, city_id: 3 });
    expect(filled.email).toBe('f@example.com');
    expect(filled.notes).toBe('ring twice');
    expect(chosenAddress(filled, [work, home])).toBe(7);
  });

  it('empties the area and the address for a new one, the name and phone back to the account', () => {
    const cleared = withNewAddress(withSavedAddress(emptyCheckoutForm(prefill), home), prefill);
    expect(cleared).toMatchObject({ name: 'Fatima', phone: '+965 6000 1111', shipping_address: '', country_id: null, governorate_id: null, city_id: null });
    expect(chosenAddress(cleared, [work, home])).toBe('new');
  });

  it('counts an edited saved address as a new one', () => {
    const edited = { ...withSavedAddress(emptyCheckoutForm(prefill), home), shipping_address: 'Block 5, Street 11' };
    expect(chosenAddress(edited, [work, home])).toBe('new');
  });

  it('starts from the default, or a new address when none is saved', () => {
    expect(initialChoice([work, home])).toBe(9);
    expect(initialChoice([home])).toBe(7);
    expect(initialChoice([])).toBe('new');
  });

  it('fills only a form whose area and address the shopper has not touched', () => {
    expect(mayPreselect(emptyCheckoutForm(prefill), prefill)).toBe(true);
    expect(mayPreselect(emptyCheckoutForm(), prefill)).toBe(true);
    expect(mayPreselect({ ...emptyCheckoutForm(prefill), shipping_address: 'Typed here' }, prefill)).toBe(false);
    expect(mayPreselect({ ...emptyCheckoutForm(prefill), country_id: 1 }, prefill)).toBe(false);
  });

  it('asks the order to save only a new address the shopper ticked', () => {
    expect(saveAddressField('new', true)).toEqual({ save_address: true });
    expect(saveAddressField('new', false)).toEqual({});
    expect(saveAddressField(7, true)).toEqual({});
  });
});

import { GIFT_MESSAGE_MAX_LENGTH, createOrderBodySchema } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import checkoutEn from '../../i18n/messages/checkout.en.json';
import {
  checkoutPrefill,
  checkoutTotals,
  giftMessageError,
  chooseCity,
  chooseCountry,
  chooseGovernorate,
  emptyCheckoutForm,
  fillEmptyFields,
  isOrderLimitRefusal,
  missingRequiredFields,
  newIdempotencyKey,
  offeredPaymentMethods,
  orderPayload,
  shownCheckoutNotice,
  type CheckoutForm,
  type CheckoutNotice,
} from './checkout-rules';

const english = (key: string) => (checkoutEn as Record<string, string>)[key.replace(/^checkout\./, '')];

const filled: CheckoutForm = {
  ...emptyCheckoutForm(),
  name: 'Fatima Al-Sabah',
  email: 'Fatima@Example.com ',
  phone: '+965 9999 8888',
  shipping_address: 'Block 3, Street 12, House 7',
  country_id: 1,
  governorate_id: 2,
  city_id: 14,
};

describe('checkoutTotals', () => {
  it('is subtotal minus discount plus the city fee, in thousandths', () => {
    expect(checkoutTotals(25_750, 2_575, 1_500)).toEqual({
      subtotal: 25_750,
      discount: 2_575,
      shipping: 1_500,
      giftWrap: 0,
      total: 24_675,
    });
  });

  it('adds the gift wrapping fee when asked for and offered, nothing otherwise', () => {
    expect(checkoutTotals(10_000, 0, 1_500, null, { wanted: true, fee: 1_250 })).toMatchObject({ giftWrap: 1_250, total: 12_750 });
    expect(checkoutTotals(10_000, 0, 1_500, null, { wanted: false, fee: 1_250 })).toMatchObject({ giftWrap: 0, total: 11_500 });
    expect(checkoutTotals(10_000, 0, null, null, { wanted: true, fee: null })).toMatchObject({ giftWrap: 0, total: 10_000 });
  });

  it('leaves shipping unknown and out of the total until a city is chosen', () => {
    expect(checkoutTotals(10_000, 0, null)).toEqual({ subtotal: 10_000, discount: 0, shipping: null, giftWrap: 0, total: 10_000 });
  });

  it('never takes more off than the subtotal, nor adds a negative discount', () => {
    expect(checkoutTotals(4_000, 5_000, 1_000).total).toBe(1_000);
    expect(checkoutTotals(4_000, -300, 1_000).total).toBe(5_000);
  });
});

describe('the dependent location selects', () => {
  it('clears governorate and city when the country changes', () => {
    expect(chooseCountry(filled, 3)).toMatchObject({ country_id: 3, governorate_id: null, city_id: null });
    expect(chooseCountry(filled, null)).toMatchObject({ country_id: null, governorate_id: null, city_id: null });
  });

  it('clears only the city when the governorate changes', () => {
    expect(chooseGovernorate(filled, 5)).toMatchObject({ country_id: 1, governorate_id: 5, city_id: null });
  });

  it('keeps everything when the same choice is made again', () => {
    expect(chooseCountry(filled, 1)).toBe(filled);
    expect(chooseGovernorate(filled, 2)).toBe(filled);
    expect(chooseCity(filled, 14)).toBe(filled);
    expect(chooseCity(filled, 15)).toMatchObject({ country_id: 1, governorate_id: 2, city_id: 15 });
  });
});

describe('missingRequiredFields', () => {
  it('gives its own message for every empty required field', () => {
    const missing = missingRequiredFields({ ...emptyCheckoutForm(), name: '   ' });
    expect(Object.fromEntries(Object.entries(missing).map(([field, key]) => [field, english(key)]))).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      shipping_address: 'Shipping address is required',
      country_id: 'Country is required',
      governorate_id: 'Governorate is required',
      city_id: 'City is required',
    });
  });

  it('asks nothing of a complete form; notes stay optional', () => {
    expect(missingRequiredFields(filled)).toEqual({});
  });

  it('starts from a signed-in shopper’s details when given', () => {
    const form = emptyCheckoutForm({ name: 'Ali', email: 'ali@example.com' });
    expect(Object.keys(missingRequiredFields(form))).not.toContain('name');
    expect(form.payment_method).toBe('cash_on_delivery');
  });
});

describe('orderPayload', () => {
  it('builds a payload the API schema accepts, trimmed, with the promo code and city name', () => {
    const payload = orderPayload(
      { ...filled, notes: '  ring the bell ' },
      { promoCode: 'RAMADAN10', cityName: 'Salmiya', userId: null },
    );
    expect(payload).toMatchObject({
      name: 'Fatima Al-Sabah',
      email: 'Fatima@Example.com',
      city: 'Salmiya',
      promo_code: 'RAMADAN10',
      notes: 'ring the bell',
      payment_method: 'cash_on_delivery',
      user_id: null,
    });
    // The server prices the order itself: the checkout sends no total.
    expect(payload).not.toHaveProperty('total_amount');
    expect(createOrderBodySchema.safeParse(payload).success).toBe(true);
  });

  it('leaves out an empty promo code and notes, and names an unknown city Unknown City', () => {
    const payload = orderPayload(filled, { promoCode: null, cityName: null, userId: null });
    expect(payload).not.toHaveProperty('promo_code');
    expect(payload).not.toHaveProperty('notes');
    expect(payload).not.toHaveProperty('gift_message');
    expect(payload).not.toHaveProperty('gift_wrap');
    expect(payload.city).toBe('Unknown City');
  });

  it('sends the gift message trimmed and the wrapping when asked for', () => {
    const payload = orderPayload({ ...filled, gift_message: '  Eid Mubarak\nMama ', gift_wrap: true }, { promoCode: null, cityName: null, userId: null });
    expect(payload).toMatchObject({ gift_message: 'Eid Mubarak\nMama', gift_wrap: true });
    expect(createOrderBodySchema.safeParse(payload).success).toBe(true);
  });
});

describe('giftMessageError', () => {
  it('says a message is too long past the limit, or holds control characters, as the server would', () => {
    expect(giftMessageError('x'.repeat(GIFT_MESSAGE_MAX_LENGTH))).toBeNull();
    expect(giftMessageError('x'.repeat(GIFT_MESSAGE_MAX_LENGTH + 1))).toBe('checkout.gift.message_too_long');
    expect(giftMessageError('a\u0007b')).toBe('checkout.gift.message_invalid');
    expect(giftMessageError('line one\nline two')).toBeNull();
  });
});

describe('newIdempotencyKey', () => {
  it('is a fresh 128-bit hex key each time', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });
});

describe('checkout prefill for a signed-in shopper', () => {
  const account = {
    name: 'Fatima Al-Sabah',
    first_name: 'Fatima',
    last_name: 'Al-Sabah',
    email: 'fatima@example.com',
    phone: '+965 9999 8888',
    address: 'Block 3, Street 12, House 7',
  };

  it('takes the name, email, phone and address of the account', () => {
    expect(checkoutPrefill(account)).toEqual({
      name: 'Fatima Al-Sabah',
      email: 'fatima@example.com',
      phone: '+965 9999 8888',
      shipping_address: 'Block 3, Street 12, House 7',
    });
  });

  it('builds the name from first and last name when the account has no full name, and leaves missing values empty', () => {
    expect(checkoutPrefill({ ...account, name: ' ', last_name: null, phone: null, address: null })).toEqual({
      name: 'Fatima',
      email: 'fatima@example.com',
      phone: '',
      shipping_address: '',
    });
  });

  it('fills only the fields the shopper left empty', () => {
    const typed = { ...emptyCheckoutForm(), name: 'Someone Else', phone: '   ' };
    const filled = fillEmptyFields(typed, checkoutPrefill(account));
    expect(filled.name).toBe('Someone Else');
    expect(filled.email).toBe('fatima@example.com');
    expect(filled.phone).toBe('+965 9999 8888');
    expect(filled.shipping_address).toBe('Block 3, Street 12, House 7');
  });

  it('returns the same form when there is nothing to fill', () => {
    const form = fillEmptyFields(emptyCheckoutForm(), checkoutPrefill(account));
    expect(fillEmptyFields(form, checkoutPrefill(account))).toBe(form);
  });

  it('sends the signed-in user id with the order', () => {
    const form = { ...fillEmptyFields(emptyCheckoutForm(), checkoutPrefill(account)), country_id: 1, governorate_id: 2, city_id: 3 };
    const payload = orderPayload(form, { promoCode: null, cityName: 'Salmiya', userId: 42 });
    expect(payload.user_id).toBe(42);
    expect(createOrderBodySchema.safeParse(payload).success).toBe(true);
  });
});

describe('offeredPaymentMethods', () => {
  it('offers the card only when the public settings list upayments', () => {
    expect(offeredPaymentMethods(['cash_on_delivery'])).toEqual(['cash_on_delivery']);
    expect(offeredPaymentMethods(['upayments', 'cash_on_delivery'])).toEqual(['cash_on_delivery', 'upayments']);
  });
  it('keeps cash on delivery when the list is empty or missing', () => {
    expect(offeredPaymentMethods([])).toEqual(['cash_on_delivery']);
    expect(offeredPaymentMethods(undefined)).toEqual(['cash_on_delivery']);
  });
});

describe('shownCheckoutNotice', () => {
  const required: CheckoutNotice = { kind: 'required', text: 'Please fill in all required fields', extra: [] };
  const empty = emptyCheckoutForm();

  it('keeps "fill in all required fields" while a highlighted required field is still empty', () => {
    const fieldErrors = { name: 'Name is required', email: 'Email is required' };
    expect(shownCheckoutNotice(required, { missing: missingRequiredFields(empty), fieldErrors })).toBe(required);
    const halfway = { ...empty, name: 'Fatima' };
    expect(
      shownCheckoutNotice(required, { missing: missingRequiredFields(halfway), fieldErrors: { email: 'Email is required' } }),
    ).toBe(required);
  });

  it('drops it once every required field is filled, even before the next attempt', () => {
    expect(
      shownCheckoutNotice(required, { missing: missingRequiredFields(filled), fieldErrors: { email: 'Email is required' } }),
    ).toBeNull();
  });

  it('drops it once every highlighted field has been edited', () => {
    expect(shownCheckoutNotice(required, { missing: missingRequiredFields(empty), fieldErrors: {} })).toBeNull();
  });

  it("keeps a server notice about fields while they are highlighted, or while it has messages of its own", () => {
    const onFields: CheckoutNotice = { kind: 'fields', text: 'Please correct the highlighted fields', extra: [] };
    expect(shownCheckoutNotice(onFields, { missing: {}, fieldErrors: { phone: 'Invalid phone' } })).toBe(onFields);
    expect(shownCheckoutNotice(onFields, { missing: {}, fieldErrors: {} })).toBeNull();
    const withOwn = { ...onFields, extra: ['This promo code has expired'] };
    expect(shownCheckoutNotice(withOwn, { missing: {}, fieldErrors: {} })).toBe(withOwn);
  });

  it('keeps any other failure until the next attempt, and shows nothing without a notice', () => {
    const general: CheckoutNotice = { kind: 'general', text: 'Failed to place order', extra: [] };
    expect(shownCheckoutNotice(general, { missing: {}, fieldErrors: {} })).toBe(general);
    expect(shownCheckoutNotice(null, { missing: missingRequiredFields(empty), fieldErrors: { name: 'x' } })).toBeNull();
  });
});

describe('isOrderLimitRefusal', () => {
  it('names the refusals the shop can lift by placing the order itself', () => {
    expect(isOrderLimitRefusal({ code: 'RATE_LIMITED', details: [] })).toBe(true);
    expect(isOrderLimitRefusal({ code: 'VALIDATION_ERROR', details: [{ field: 'items' }] })).toBe(true);
    expect(isOrderLimitRefusal({ code: 'VALIDATION_ERROR', details: [{ field: 'items.2.quantity' }] })).toBe(true);
    expect(isOrderLimitRefusal({ code: 'VALIDATION_ERROR', details: [{ field: 'payment_method' }] })).toBe(true);
  });

  it('leaves out the shopper\'s own mistakes and stock', () => {
    expect(isOrderLimitRefusal({ code: 'VALIDATION_ERROR', details: [{ field: 'phone' }] })).toBe(false);
    expect(isOrderLimitRefusal({ code: 'VALIDATION_ERROR', details: [{ field: 'items.x' }] })).toBe(false);
    expect(isOrderLimitRefusal({ code: 'OUT_OF_STOCK', details: [{ field: 'items' }] })).toBe(false);
    expect(isOrderLimitRefusal({ code: 'NETWORK_ERROR', details: [] })).toBe(false);
  });
});

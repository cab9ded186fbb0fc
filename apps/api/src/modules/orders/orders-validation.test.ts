import { describe, expect, it } from 'vitest';
import {
  checkout,
  createRosary,
  ctx,
  errorOf,
  fx,
  postOrder,
  stockOf,
  useOrdersShop,
} from '../../../test-support/orders.js';
import { createProduct } from '../../seed/factories.js';

useOrdersShop();

describe('POST /api/orders: validation', () => {
  const required = {
    en: {
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      shipping_address: 'Shipping address is required',
      country_id: 'Country is required',
      governorate_id: 'Governorate is required',
      city_id: 'City is required',
    },
    ar: {
      name: 'الاسم مطلوب',
      email: 'البريد الإلكتروني مطلوب',
      phone: 'رقم الهاتف مطلوب',
      shipping_address: 'عنوان الشحن مطلوب',
      country_id: 'الدولة مطلوبة',
      governorate_id: 'المحافظة مطلوبة',
      city_id: 'المدينة مطلوبة',
    },
  } as const;

  for (const lang of ['en', 'ar'] as const) {
    it(`names every missing required field (${lang})`, async () => {
      const missing = await postOrder({ items: [] }, { lang });
      const blank = await postOrder(
        {
          name: ' ',
          email: '',
          phone: '',
          shipping_address: '  ',
          country_id: '',
          governorate_id: null,
          city_id: '',
        },
        { lang },
      );
      for (const response of [missing, blank]) {
        expect(response.statusCode).toBe(400);
        const body = errorOf(response.json());
        expect(body.code).toBe('VALIDATION_ERROR');
        for (const [field, message] of Object.entries(required[lang])) {
          expect(body.details).toContainEqual({ field, message });
        }
      }
    });
  }

  it('refuses an invalid email, phone, payment method and over-long text', async () => {
    const response = await postOrder(
      checkout([], {
        email: 'not-an-email',
        phone: 'abc',
        payment_method: 'bitcoin',
        name: 'x'.repeat(201),
      }),
    );
    expect(response.statusCode).toBe(400);
    const details = errorOf(response.json()).details;
    expect(details).toContainEqual({ field: 'email', message: 'Please enter a valid email address' });
    expect(details).toContainEqual({ field: 'phone', message: 'Please enter a valid phone number' });
    expect(details).toContainEqual({ field: 'payment_method', message: 'The payment method is invalid' });
    expect(details).toContainEqual({ field: 'name', message: 'The text is too long' });
  });

  it('answers an empty cart with the checkout message on items', async () => {
    for (const payload of [checkout(undefined), checkout([])]) {
      const response = await postOrder(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Your cart is empty. Please add items to your cart before checkout.',
        details: [
          { field: 'items', message: 'Your cart is empty. Please add items to your cart before checkout.' },
        ],
      });
    }
  });

  it('refuses a country or governorate that does not match the city, and an unknown city', async () => {
    const plain = await createProduct(ctx.database.db);
    const items = [{ product_id: plain.id, quantity: 1 }];
    const cases = [
      [{ country_id: fx.otherCountry }, 'country_id', 'The chosen country does not match the city'],
      [{ governorate_id: fx.otherGovernorate }, 'governorate_id', 'The chosen governorate does not match the city'],
      [{ city_id: fx.otherCity }, 'country_id', 'The chosen country does not match the city'],
      [{ city_id: 999_999 }, 'city_id', 'The chosen city is not available for delivery'],
    ] as const;
    for (const [override, field, message] of cases) {
      const response = await postOrder(checkout(items, override));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.json()).details).toEqual([{ field, message }]);
    }
    expect(await stockOf(plain.id)).toBe(10);
  });

  it('refuses unknown and draft products and invalid attribute choices', async () => {
    const rosary = await createRosary();
    const draft = await createProduct(ctx.database.db, { status: 'draft' });
    for (const productId of [999_999, draft.id]) {
      const response = await postOrder(checkout([{ product_id: productId, quantity: 1 }]));
      expect(response.statusCode).toBe(404);
      expect(errorOf(response.json())).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    }
    const missingChoice = await postOrder(checkout([{ product_id: rosary.id, quantity: 1 }]));
    expect(missingChoice.statusCode).toBe(400);
    expect(errorOf(missingChoice.json()).details).toEqual([
      { field: 'selected_attributes', message: 'Please choose الحجم' },
    ]);
    const notOffered = await postOrder(
      checkout([{ product_id: rosary.id, quantity: 1, selected_attributes: { [fx.sizeId]: fx.medium } }]),
    );
    expect(notOffered.statusCode).toBe(400);
    expect(errorOf(notOffered.json()).details?.[0]?.field).toBe('selected_attributes');
    expect(await stockOf(rosary.id)).toBe(20);
  });
});

import { describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { escapeHtml, orderConfirmationEmail } from './order-confirmation-email.js';

function order(values: Partial<Order> = {}): Order {
  return {
    id: 1,
    order_number: 'SB-7K3M9Q2XWA',
    status: 'pending',
    created_at: '2026-11-21T10:00:00.000Z',
    payment_method: 'cash_on_delivery',
    payment_status: 'not_required',
    paid_at: null,
    customer_type: 'guest',
    name: 'فاطمة علي',
    email: 'fatima@example.com',
    phone: '+965 5555 1234',
    shipping_address: 'قطعة 5، شارع 10، منزل 3',
    country_name: 'الكويت',
    governorate_name: 'حولي',
    city_name: 'السالمية',
    notes: null,
    gift_message: null,
    gift_wrap: false,
    shipment: null,
    promo_code: 'EID10',
    subtotal: 35.5,
    discount_amount: 3.375,
    shipping_amount: 1.5,
    gift_wrap_fee: 0,
    tax_amount: 0,
    total_amount: 33.625,
    items: [
      {
        id: 1,
        product_id: 7,
        product_name: 'سبحة كهرمان',
        sku: 'AMB-1',
        featured_image: null,
        quantity: 2,
        price: 14,
        total: 28,
        selected_attributes: {
          '3': { attribute_id: 3, attribute_name: 'الحجم', attribute_name_en: 'Size', variation_id: 9, title: 'كبير', title_en: 'Large', additional_price: 1.25 },
        },
      },
      {
        id: 2,
        product_id: 8,
        product_name: 'سبحة يسر',
        sku: null,
        featured_image: null,
        quantity: 1,
        price: 7.5,
        total: 7.5,
        selected_attributes: {},
      },
    ],
    ...values,
  };
}

const settings = {
  store_name: 'متجر السبح',
  store_name_en: 'Subha Store' as string | null,
  logo: '/uploads/settings/0123456789abcdef0123456789abcdef.webp',
  currency_symbol: 'KD',
  currency: 'KWD',
};
const publicUrl = 'https://shop.example.com';
/** A signed number as the site isolates it (LRI … PDI), so bidi never moves its minus. */
const isolated = (text: string) => `\u2066${text}\u2069`;

describe('orderConfirmationEmail', () => {
  it('shows a gift: the wrapping on its own line of the totals and the message, escaped', () => {
    const gift = order({ gift_wrap: true, gift_wrap_fee: 1.25, total_amount: 34.875, gift_message: 'لأمي <b>الغالية</b>\nعيدكم مبارك' });
    const mail = orderConfirmationEmail({ order: gift, lang: 'ar', settings, publicUrl, showCustomerText: true });
    expect(mail.text).toContain('تغليف الهدية: 1.250 د.ك');
    expect(mail.text).toContain('الإجمالي: 34.875 د.ك');
    expect(mail.text).toContain('سيُغلَّف طلبك كهدية.');
    expect(mail.text).toContain('رسالة الهدية:\nلأمي <b>الغالية</b>\nعيدكم مبارك');
    expect(mail.html).toContain('لأمي &lt;b&gt;الغالية&lt;/b&gt;\nعيدكم مبارك');
    expect(mail.html).not.toContain('<b>الغالية');

    // To an address nobody proved, the shopper's own words are not repeated, only that they are kept.
    const unproven = orderConfirmationEmail({ order: gift, lang: 'en', settings, publicUrl });
    expect(unproven.text).toContain('Gift wrapping: 1.250 KD');
    expect(unproven.text).toContain("Your gift message is attached to the order; you can read it on the order's page.");
    expect(unproven.text).not.toContain('الغالية');
    expect(unproven.html).not.toContain('الغالية');

    // No gift, no gift section and no wrapping line.
    const plain = orderConfirmationEmail({ order: order(), lang: 'en', settings, publicUrl, showCustomerText: true });
    expect(plain.text).not.toMatch(/Gift/);
  });

  it('writes Arabic right to left with the store, order number, items, totals and address', () => {
    const mail = orderConfirmationEmail({ order: order(), lang: 'ar', settings, publicUrl, showCustomerText: true });
    expect(mail.to).toBe('fatima@example.com');
    expect(mail.subject).toBe('تأكيد طلبك SB-7K3M9Q2XWA - متجر السبح');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
    // The logo is the PNG any mail client may load, not the WebP under /uploads.
    expect(mail.html).toContain(
      'src="https://shop.example.com/email-assets/logo.png?v=0123456789abcdef0123456789abcdef"',
    );
    expect(mail.html).not.toContain('/uploads/');
    expect(mail.html).toContain('مرحباً فاطمة علي،');
    expect(mail.html).toContain('SB-7K3M9Q2XWA');
    // The order's date as every screen writes it, on Kuwait's clock (10:00 UTC is 13:00 there).
    expect(mail.text).toContain('تاريخ الطلب: 21 نوفمبر 2026، 13:00');
    expect(mail.html).toContain('سبحة كهرمان');
    expect(mail.html).toContain('الحجم: كبير');
    expect(mail.html).toContain('الدفع عند الاستلام');
    expect(mail.html).toContain('قطعة 5، شارع 10، منزل 3<br>السالمية، حولي، الكويت');
    // Amounts as the site shows what is charged: 3 decimals, "د.ك" for the default symbol in
    // Arabic, the discount with a real minus kept beside its digits.
    expect(mail.text).toContain('- سبحة كهرمان × 2: 28.000 د.ك (السعر: 14.000 د.ك)');
    expect(mail.text).toContain('المجموع الفرعي: 35.500 د.ك');
    expect(mail.text).toContain(`الخصم: ${isolated('−3.375')} د.ك`);
    expect(mail.text).toContain('الشحن: 1.500 د.ك');
    expect(mail.text).toContain('الإجمالي: 33.625 د.ك');
    expect(mail.html).toContain('<span dir="rtl">33.625 د.ك</span>');
    expect(mail.html).toContain(`<span dir="rtl">${isolated('−3.375')} د.ك</span>`);
    expect(mail.text).not.toMatch(/KD|3\.38|-3/);
  });

  it('writes English left to right with the same numbers', () => {
    const mail = orderConfirmationEmail({
      order: order({ country_name: 'Kuwait', governorate_name: 'Hawalli', city_name: 'Salmiya', name: 'Fatima' }),
      lang: 'en',
      settings,
      publicUrl,
      showCustomerText: true,
    });
    // The store's English name in the subject, the header and the closing.
    expect(mail.subject).toBe('Your order SB-7K3M9Q2XWA is confirmed - Subha Store');
    expect(mail.text.split('\n')[0]).toBe('Subha Store');
    expect(mail.text).toContain('Order date: 21 Nov 2026, 13:00');
    expect(mail.html).toContain('Order date: 21 Nov 2026, 13:00');
    expect(mail.text).toContain('Best regards, the team of Subha Store');
    expect(mail.html).not.toContain('متجر السبح');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).not.toContain('dir="rtl"');
    expect(mail.html).toContain('Hello Fatima,');
    expect(mail.html).toContain('Cash on delivery');
    // The chosen option in English (the order's snapshot holds both names).
    expect(mail.html).toContain('Size: Large');
    expect(mail.html).not.toContain('الحجم');
    expect(mail.html).toContain('<span dir="ltr">33.625 KD</span>');
    expect(mail.html).toContain(`<span dir="ltr">${isolated('−3.375')} KD</span>`);
    expect(mail.text).toContain('Subtotal: 35.500 KD');
    expect(mail.text).toContain(`Discount: ${isolated('−3.375')} KD`);
    expect(mail.text).toContain('Shipping: 1.500 KD');
    expect(mail.text).toContain('Total: 33.625 KD');
    expect(mail.text).not.toContain('د.ك');
    expect(mail.text).toContain('Salmiya, Hawalli, Kuwait');
    expect(mail.text).not.toContain('المجموع');
    expect(mail.html).not.toContain('الدفع عند الاستلام');
  });

  it('names the store in Arabic in English when it has no English name', () => {
    const mail = orderConfirmationEmail({ order: order(), lang: 'en', settings: { ...settings, store_name_en: null }, publicUrl });
    expect(mail.subject).toBe('Your order SB-7K3M9Q2XWA is confirmed - متجر السبح');
    const arabic = orderConfirmationEmail({ order: order(), lang: 'ar', settings, publicUrl });
    expect(arabic.subject).toBe('تأكيد طلبك SB-7K3M9Q2XWA - متجر السبح');
    expect(arabic.html).not.toContain('Subha Store');
  });

  it('leaves the discount out when there is none', () => {
    const mail = orderConfirmationEmail({
      order: order({ discount_amount: 0, total_amount: 37, promo_code: null }),
      lang: 'en',
      settings,
      publicUrl,
    });
    expect(mail.text).not.toContain('Discount');
    expect(mail.html).not.toContain('Discount');
    expect(mail.text).toContain('Total: 37.000 KD');
  });

  it('shows a symbol the owner typed as typed, and a 2-decimal currency with 2 decimals', () => {
    const custom = { ...settings, currency_symbol: 'دينار' };
    const arabic = orderConfirmationEmail({ order: order(), lang: 'ar', settings: custom, publicUrl });
    expect(arabic.text).toContain('الإجمالي: 33.625 دينار');
    const english = orderConfirmationEmail({ order: order(), lang: 'en', settings: custom, publicUrl });
    expect(english.text).toContain('Total: 33.625 دينار');
    expect(english.html).toContain('<span dir="rtl">33.625 دينار</span>');
    const dollars = orderConfirmationEmail({
      order: order(),
      lang: 'ar',
      settings: { ...settings, currency_symbol: '$', currency: 'USD' },
      publicUrl,
    });
    expect(dollars.text).toContain('الإجمالي: 33.63 $');
    expect(dollars.html).toContain('<span dir="ltr">33.63 $</span>');
  });

  it('escapes everything the customer typed', () => {
    const mail = orderConfirmationEmail({
      order: order({ name: '<script>alert(1)</script>', shipping_address: 'Block "5" & <b>x</b>' }),
      lang: 'en',
      settings: { ...settings, store_name: 'Beads <i>&</i>' },
      publicUrl,
      showCustomerText: true,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).not.toContain('<i>');
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).toContain('Block &quot;5&quot; &amp; &lt;b&gt;x&lt;/b&gt;');
    // Plain text is not HTML: it keeps the text as typed.
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;');
  });

  it('links to the tracking page under PUBLIC_URL and keeps an absolute logo as it is', () => {
    const mail = orderConfirmationEmail({
      order: order(),
      lang: 'ar',
      settings: { ...settings, logo: 'https://cdn.example.com/logo.png' },
      publicUrl: 'https://beads.example.kw',
    });
    expect(mail.html).toContain('href="https://beads.example.kw/order-status/SB-7K3M9Q2XWA"');
    expect(mail.text).toContain('https://beads.example.kw/order-status/SB-7K3M9Q2XWA');
    expect(mail.html).toContain('src="https://cdn.example.com/logo.png"');
  });

  it('repeats nothing the customer typed unless told the address is proven', () => {
    const typed = order({
      name: 'Visit http://phish.example now',
      shipping_address: 'Call +1 555 0100 http://phish.example/login',
      notes: 'http://phish.example/notes',
    });
    for (const lang of ['ar', 'en'] as const) {
      const mail = orderConfirmationEmail({ order: typed, lang, settings, publicUrl });
      for (const part of [mail.subject, mail.html, mail.text]) {
        expect(part).not.toContain('phish');
        expect(part).not.toContain('555 0100');
      }
      expect(mail.html).toContain('SB-7K3M9Q2XWA');
      expect(mail.html).toContain('سبحة كهرمان');
      expect(mail.text).toContain(lang === 'ar' ? 'الإجمالي: 33.625 د.ك' : 'Total: 33.625 KD');
      // Each language's tracking page: Arabic at the root, English under /en.
      expect(mail.text).toContain(`${publicUrl}${lang === 'ar' ? '' : '/en'}/order-status/SB-7K3M9Q2XWA`);
      expect(mail.text).toContain(lang === 'ar' ? 'مرحباً،' : 'Hello,');
    }
  });

  it('shows the store name without an image when there is no logo', () => {
    const mail = orderConfirmationEmail({ order: order(), lang: 'ar', settings: { ...settings, logo: null }, publicUrl });
    expect(mail.html).not.toContain('<img');
    expect(mail.text.split('\n')[0]).toBe('متجر السبح');
  });
});

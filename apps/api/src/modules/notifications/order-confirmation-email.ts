import {
  directionOf,
  formatPrice,
  toThousandths,
  type Language,
  type Order,
  type PaymentMethod,
  type StoreSettings,
} from '@shop/shared';
import type { MailMessage } from '../../integrations/email/mailer.js';

const texts = {
  ar: {
    subject: (store: string, number: string) => `تأكيد طلبك ${number} - ${store}`,
    greeting: (name: string) => `مرحباً ${name}،`,
    intro: 'شكراً لطلبك! استلمنا طلبك وسنبدأ بتجهيزه قريباً.',
    orderNumber: 'رقم الطلب',
    product: 'المنتج',
    quantity: 'الكمية',
    price: 'السعر',
    lineTotal: 'المجموع',
    subtotal: 'المجموع الفرعي',
    discount: 'الخصم',
    shipping: 'الشحن',
    total: 'الإجمالي',
    address: 'عنوان التوصيل',
    payment: 'طريقة الدفع',
    paymentMethods: { cash_on_delivery: 'الدفع عند الاستلام', upayments: 'الدفع الإلكتروني' },
    track: 'تتبع طلبك',
    trackText: 'تابع حالة طلبك من هنا:',
    closing: 'مع تحيات فريق',
  },
  en: {
    subject: (store: string, number: string) => `Your order ${number} is confirmed - ${store}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: 'Thank you for your order! We have received it and will start preparing it soon.',
    orderNumber: 'Order number',
    product: 'Product',
    quantity: 'Quantity',
    price: 'Price',
    lineTotal: 'Total',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    total: 'Total',
    address: 'Delivery address',
    payment: 'Payment method',
    paymentMethods: { cash_on_delivery: 'Cash on delivery', upayments: 'Online payment' },
    track: 'Track your order',
    trackText: 'Follow your order here:',
    closing: 'Best regards, the team of',
  },
} satisfies Record<Language, Record<string, unknown> & { paymentMethods: Record<PaymentMethod, string> }>;

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** An absolute URL: a path is resolved against the public URL, an absolute URL kept. */
function absoluteUrl(publicUrl: string, value: string): string {
  return /^https?:\/\//i.test(value) ? value : `${publicUrl}${value.startsWith('/') ? '' : '/'}${value}`;
}

export interface OrderConfirmationInput {
  order: Order;
  lang: Language;
  settings: Pick<StoreSettings, 'store_name' | 'logo' | 'currency_symbol'>;
  /** The shop's public base URL without a trailing slash (config.publicUrl). */
  publicUrl: string;
}

/** The order confirmation e-mail in the customer's language: subject, HTML and plain text. */
export function orderConfirmationEmail({ order, lang, settings, publicUrl }: OrderConfirmationInput): MailMessage {
  const t = texts[lang];
  const dir = directionOf(lang);
  const start = dir === 'rtl' ? 'right' : 'left';
  const end = dir === 'rtl' ? 'left' : 'right';
  const money = (amount: number) => formatPrice(toThousandths(amount), settings.currency_symbol, 'checkout');
  const store = settings.store_name;
  const trackingUrl = `${publicUrl}/order-status/${encodeURIComponent(order.order_number)}`;
  const place = [order.city_name, order.governorate_name, order.country_name].filter(
    (part): part is string => Boolean(part),
  );
  const addressLines = [order.shipping_address, place.join(lang === 'ar' ? '، ' : ', ')];
  const optionsOf = (item: Order['items'][number]) =>
    Object.values(item.selected_attributes).map((choice) => `${choice.attribute_name}: ${choice.title}`);

  const totals: Array<[string, string, boolean]> = [
    [t.subtotal, money(order.subtotal), false],
    ...(order.discount_amount > 0
      ? [[t.discount, `-${money(order.discount_amount)}`, false] as [string, string, boolean]]
      : []),
    [t.shipping, money(order.shipping_amount), false],
    [t.total, money(order.total_amount), true],
  ];

  const cell = `padding:8px;border-bottom:1px solid #e5e7eb;text-align:${start};`;
  const numberCell = `padding:8px;border-bottom:1px solid #e5e7eb;text-align:${end};white-space:nowrap;`;
  const itemRows = order.items
    .map((item) => {
      const options = optionsOf(item)
        .map((option) => `<div style="color:#6b7280;font-size:13px;">${escapeHtml(option)}</div>`)
        .join('');
      return `<tr><td style="${cell}">${escapeHtml(item.product_name)}${options}</td>` +
        `<td style="${numberCell}text-align:center;">${item.quantity}</td>` +
        `<td style="${numberCell}">${escapeHtml(money(item.price))}</td>` +
        `<td style="${numberCell}">${escapeHtml(money(item.total))}</td></tr>`;
    })
    .join('');
  const totalRows = totals
    .map(
      ([label, value, strong]) =>
        `<tr><td colspan="3" style="padding:6px 8px;text-align:${start};${strong ? 'font-weight:bold;font-size:16px;' : ''}">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 8px;text-align:${end};white-space:nowrap;${strong ? 'font-weight:bold;font-size:16px;' : ''}">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const logo = settings.logo
    ? `<img src="${escapeHtml(absoluteUrl(publicUrl, settings.logo))}" alt="${escapeHtml(store)}" style="max-height:64px;max-width:200px;display:block;margin:0 auto 8px;">`
    : '';

  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t.subject(store, order.order_number))}</title></head>
<body dir="${dir}" style="margin:0;padding:0;background:#f6f5f2;font-family:Tahoma,Arial,sans-serif;color:#1f2937;">
<div dir="${dir}" style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;text-align:${start};">
<div style="text-align:center;margin-bottom:16px;">${logo}<div style="font-size:20px;font-weight:bold;">${escapeHtml(store)}</div></div>
<p style="margin:0 0 8px;">${escapeHtml(t.greeting(order.name))}</p>
<p style="margin:0 0 16px;">${escapeHtml(t.intro)}</p>
<p style="margin:0 0 16px;">${escapeHtml(t.orderNumber)}: <strong dir="ltr">${escapeHtml(order.order_number)}</strong></p>
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;">
<thead><tr style="background:#f3f4f6;"><th style="${cell}">${escapeHtml(t.product)}</th><th style="${numberCell}text-align:center;">${escapeHtml(t.quantity)}</th><th style="${numberCell}">${escapeHtml(t.price)}</th><th style="${numberCell}">${escapeHtml(t.lineTotal)}</th></tr></thead>
<tbody>${itemRows}</tbody>
<tfoot>${totalRows}</tfoot>
</table>
<h2 style="font-size:16px;margin:24px 0 8px;">${escapeHtml(t.address)}</h2>
<p style="margin:0;">${addressLines.map(escapeHtml).join('<br>')}</p>
<p style="margin:16px 0 0;">${escapeHtml(t.payment)}: ${escapeHtml(t.paymentMethods[order.payment_method])}</p>
<p style="text-align:center;margin:24px 0;"><a href="${escapeHtml(trackingUrl)}" style="display:inline-block;padding:12px 24px;background:#065f46;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(t.track)}</a></p>
<p style="margin:0;color:#6b7280;font-size:13px;">${escapeHtml(t.closing)} ${escapeHtml(store)}</p>
</div>
</body>
</html>`;

  const text = [
    store,
    '',
    t.greeting(order.name),
    t.intro,
    '',
    `${t.orderNumber}: ${order.order_number}`,
    '',
    ...order.items.flatMap((item) => [
      `- ${item.product_name} × ${item.quantity}: ${money(item.total)} (${t.price}: ${money(item.price)})`,
      ...optionsOf(item).map((option) => `  ${option}`),
    ]),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t.address}:`,
    ...addressLines,
    '',
    `${t.payment}: ${t.paymentMethods[order.payment_method]}`,
    '',
    `${t.trackText} ${trackingUrl}`,
    '',
    `${t.closing} ${store}`,
  ].join('\n');

  return { to: order.email, subject: t.subject(store, order.order_number), html, text };
}

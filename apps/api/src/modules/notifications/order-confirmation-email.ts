import {
  pathInLanguage,
  formatPrice,
  formatShopDate,
  inLanguage,
  moneyFormat,
  priceDirection,
  storeName,
  toThousandths,
  type Language,
  type Order,
  type PaymentMethod,
  type StoreSettings,
} from '@shop/shared';
import type { MailMessage } from '../../integrations/email/mailer.js';
import { directionStyles, emailButton, emailClosing, escapeHtml, renderEmailLayout } from './email-layout.js';

export { escapeHtml } from './email-layout.js';

const texts = {
  ar: {
    subject: (store: string, number: string) => `تأكيد طلبك ${number} - ${store}`,
    greeting: (name: string) => `مرحباً ${name}،`,
    greetingNoName: 'مرحباً،',
    intro: 'شكراً لطلبك! استلمنا طلبك وسنبدأ بتجهيزه قريباً.',
    orderNumber: 'رقم الطلب',
    orderDate: 'تاريخ الطلب',
    product: 'المنتج',
    quantity: 'الكمية',
    price: 'السعر',
    lineTotal: 'المجموع',
    subtotal: 'المجموع الفرعي',
    discount: 'الخصم',
    shipping: 'الشحن',
    giftWrap: 'تغليف الهدية',
    total: 'الإجمالي',
    gift: 'هدية',
    giftMessage: 'رسالة الهدية',
    giftMessageKept: 'أُرفقت رسالة الهدية بطلبك، ويمكنك قراءتها في صفحة الطلب.',
    giftWrapped: 'سيُغلَّف طلبك كهدية.',
    address: 'عنوان التوصيل',
    payment: 'طريقة الدفع',
    paymentMethods: { cash_on_delivery: 'الدفع عند الاستلام', upayments: 'الدفع الإلكتروني' },
    track: 'تتبع طلبك',
    trackText: 'تابع حالة طلبك من هنا:',
  },
  en: {
    subject: (store: string, number: string) => `Your order ${number} is confirmed - ${store}`,
    greeting: (name: string) => `Hello ${name},`,
    greetingNoName: 'Hello,',
    intro: 'Thank you for your order! We have received it and will start preparing it soon.',
    orderNumber: 'Order number',
    orderDate: 'Order date',
    product: 'Product',
    quantity: 'Quantity',
    price: 'Price',
    lineTotal: 'Total',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    giftWrap: 'Gift wrapping',
    total: 'Total',
    gift: 'Gift',
    giftMessage: 'Gift message',
    giftMessageKept: "Your gift message is attached to the order; you can read it on the order's page.",
    giftWrapped: 'Your order will be gift-wrapped.',
    address: 'Delivery address',
    payment: 'Payment method',
    paymentMethods: { cash_on_delivery: 'Cash on delivery', upayments: 'Online payment' },
    track: 'Track your order',
    trackText: 'Follow your order here:',
  },
} satisfies Record<Language, Record<string, unknown> & { paymentMethods: Record<PaymentMethod, string> }>;

export interface OrderConfirmationInput {
  order: Order;
  lang: Language;
  settings: Pick<StoreSettings, 'store_name' | 'store_name_en' | 'logo' | 'currency_symbol' | 'currency'>;
  /** The shop's public base URL without a trailing slash (config.publicUrl). */
  publicUrl: string;
  /**
   * Repeat what the customer typed (name, delivery address). Only for an address the customer
   * proved (a signed-in account's verified e-mail): anyone can type a guest's e-mail, and the
   * shop must not carry a stranger's text ("Visit http://…") to it. Without it the message holds
   * the order number, items, totals, payment method and tracking link only.
   */
  showCustomerText?: boolean;
}

/** The order confirmation e-mail in the customer's language: subject, HTML and plain text. */
export function orderConfirmationEmail({
  order,
  lang,
  settings,
  publicUrl,
  showCustomerText = false,
}: OrderConfirmationInput): MailMessage {
  const t = texts[lang];
  const greeting = showCustomerText ? t.greeting(order.name) : t.greetingNoName;
  const { start, end } = directionStyles(lang);
  // Amounts as the site shows what is charged: the currency's decimals, "د.ك" for the default
  // symbol in Arabic, a discount as "−3.375 د.ك" (the signed number isolated left to right).
  const format = moneyFormat(settings, lang);
  const money = (amount: number, sign: 1 | -1 = 1) => formatPrice(sign * toThousandths(amount), format);
  // The site isolates each amount (<bdi>); here the cell names the direction its symbol reads in.
  const moneyHtml = (text: string) => `<span dir="${priceDirection(format)}">${escapeHtml(text)}</span>`;
  const store = storeName(lang, settings);
  const placedOn = formatShopDate(order.created_at, lang, { withTime: true });
  const trackingUrl = `${publicUrl}${pathInLanguage(`/order-status/${encodeURIComponent(order.order_number)}`, lang)}`;
  const place = [order.city_name, order.governorate_name, order.country_name].filter(
    (part): part is string => Boolean(part),
  );
  const addressLines = [order.shipping_address, place.join(lang === 'ar' ? '، ' : ', ')];
  const optionsOf = (item: Order['items'][number]) =>
    Object.values(item.selected_attributes).map(
      (choice) =>
        `${inLanguage(lang, choice.attribute_name, choice.attribute_name_en)}: ${inLanguage(lang, choice.title, choice.title_en)}`,
    );

  const totals: Array<[string, string, boolean]> = [
    [t.subtotal, money(order.subtotal), false],
    ...(order.discount_amount > 0
      ? [[t.discount, money(order.discount_amount, -1), false] as [string, string, boolean]]
      : []),
    [t.shipping, money(order.shipping_amount), false],
    ...(order.gift_wrap ? [[t.giftWrap, money(order.gift_wrap_fee), false] as [string, string, boolean]] : []),
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
        `<td style="${numberCell}">${moneyHtml(money(item.price))}</td>` +
        `<td style="${numberCell}">${moneyHtml(money(item.total))}</td></tr>`;
    })
    .join('');
  const totalRows = totals
    .map(
      ([label, value, strong]) =>
        `<tr><td colspan="3" style="padding:6px 8px;text-align:${start};${strong ? 'font-weight:bold;font-size:16px;' : ''}">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 8px;text-align:${end};white-space:nowrap;${strong ? 'font-weight:bold;font-size:16px;' : ''}">${moneyHtml(value)}</td></tr>`,
    )
    .join('');
  const addressHtml = showCustomerText
    ? `<h2 style="font-size:16px;margin:24px 0 8px;">${escapeHtml(t.address)}</h2>
<p style="margin:0;">${addressLines.map(escapeHtml).join('<br>')}</p>
`
    : '';
  // The message is the shopper's own text: repeated only to a proven address, like the address.
  const giftLines = [
    ...(order.gift_wrap ? [t.giftWrapped] : []),
    ...(order.gift_message && !showCustomerText ? [t.giftMessageKept] : []),
  ];
  const giftMessage = order.gift_message && showCustomerText ? order.gift_message : null;
  const giftHtml =
    giftLines.length > 0 || giftMessage !== null
      ? `<h2 style="font-size:16px;margin:24px 0 8px;">${escapeHtml(t.gift)}</h2>
${giftLines.map((line) => `<p style="margin:0 0 8px;">${escapeHtml(line)}</p>`).join('')}${
          giftMessage === null
            ? ''
            : `<p style="margin:0 0 4px;color:#6b7280;">${escapeHtml(t.giftMessage)}</p>
<p style="margin:0;white-space:pre-line;">${escapeHtml(giftMessage)}</p>`
        }
`
      : '';
  const content = `<p style="margin:0 0 8px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;">${escapeHtml(t.intro)}</p>
<p style="margin:0 0 16px;">${escapeHtml(t.orderNumber)}: <strong dir="ltr">${escapeHtml(order.order_number)}</strong><br>${escapeHtml(t.orderDate)}: ${escapeHtml(placedOn)}</p>
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;">
<thead><tr style="background:#f3f4f6;"><th style="${cell}">${escapeHtml(t.product)}</th><th style="${numberCell}text-align:center;">${escapeHtml(t.quantity)}</th><th style="${numberCell}">${escapeHtml(t.price)}</th><th style="${numberCell}">${escapeHtml(t.lineTotal)}</th></tr></thead>
<tbody>${itemRows}</tbody>
<tfoot>${totalRows}</tfoot>
</table>
${addressHtml}${giftHtml}<p style="margin:16px 0 0;">${escapeHtml(t.payment)}: ${escapeHtml(t.paymentMethods[order.payment_method])}</p>
${emailButton(trackingUrl, t.track)}`;
  const subject = t.subject(store, order.order_number);
  const html = renderEmailLayout({ lang, settings, publicUrl, title: subject, content });

  const text = [
    store,
    '',
    greeting,
    t.intro,
    '',
    `${t.orderNumber}: ${order.order_number}`,
    `${t.orderDate}: ${placedOn}`,
    '',
    ...order.items.flatMap((item) => [
      `- ${item.product_name} × ${item.quantity}: ${money(item.total)} (${t.price}: ${money(item.price)})`,
      ...optionsOf(item).map((option) => `  ${option}`),
    ]),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(showCustomerText ? [`${t.address}:`, ...addressLines, ''] : []),
    ...(giftLines.length > 0 || giftMessage !== null
      ? [`${t.gift}:`, ...giftLines, ...(giftMessage === null ? [] : [`${t.giftMessage}:`, giftMessage]), '']
      : []),
    `${t.payment}: ${t.paymentMethods[order.payment_method]}`,
    '',
    `${t.trackText} ${trackingUrl}`,
    '',
    emailClosing(lang, store),
  ].join('\n');

  return { to: order.email, subject, html, text };
}
